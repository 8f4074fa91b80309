// The rank intervals of lib/metrics/rank-intervals computed directly with numpy, for tests:
// the same definitions written independently (vectorised, no shared code).
import { spawnSync } from "node:child_process";

export const PY = process.env.PYTHON ?? "/usr/bin/python3";
export const numpyAvailable = spawnSync(PY, ["-c", "import numpy"], { encoding: "utf8" }).status === 0;

const SCRIPT = `
import json, sys, numpy as np
from scipy.stats import rankdata
case = json.load(sys.stdin)
pts = np.array(case["points"], dtype=float)
R = np.array(case["replicates"], dtype=float)            # N x B
N, B = R.shape
def comp_ranks(v):
    v = np.where(np.isnan(v), -np.inf, v)
    return rankdata(-v, method="min").astype(int)
obs = comp_ranks(pts)
ranks = np.stack([comp_ranks(R[:, r]) for r in range(B)], axis=1)   # N x B
lo = np.minimum(np.quantile(ranks, 0.025, axis=1, method="lower"), obs)
hi = np.maximum(np.quantile(ranks, 0.975, axis=1, method="higher"), obs)
# studentised max-T over all pairs
D = R[:, None, :] - R[None, :, :]                                    # N x N x B
d = pts[:, None] - pts[None, :]
with np.errstate(invalid="ignore", divide="ignore"):
    se = np.nanstd(D, axis=2, ddof=1)
    T = np.abs(D - d[:, :, None]) / se[:, :, None]
iu = np.triu_indices(N, 1)
sub = np.array(case.get("subset") or list(range(N)), dtype=int)
valid = (se[iu] > 0) & np.isfinite(d[iu])
Tp = T[iu][valid]                                                    # pairs x B
Tp = np.where(np.isnan(Tp), 0.0, Tp)
maxT = Tp.max(axis=0) if Tp.size else np.zeros(B)
crit = float(np.quantile(maxT, 0.95, method="higher")) if Tp.size else None
sig = (se > 0) & (np.abs(d) > (crit if crit is not None else np.inf) * se)
beats = sig & (d > 0)
# a subset (e.g. one row per system): ranked among itself, the whole set's critical value
bs = beats[np.ix_(sub, sub)]
M = len(sub)
obs_s = comp_ranks(pts[sub])
ranks_s = np.stack([comp_ranks(R[sub, r]) for r in range(B)], axis=1)
lo = np.minimum(np.quantile(ranks_s, 0.025, axis=1, method="lower"), obs_s)
hi = np.maximum(np.quantile(ranks_s, 0.975, axis=1, method="higher"), obs_s)
simLo = 1 + bs.sum(axis=0)
simHi = M - bs.sum(axis=1)
print(json.dumps({"rank": obs_s.tolist(), "lo": lo.astype(int).tolist(), "hi": hi.astype(int).tolist(),
  "simLo": simLo.tolist(), "simHi": simHi.tolist(), "critical": crit}))
`;

export interface NumpyRanks {
  rank: number[];
  lo: number[];
  hi: number[];
  simLo: number[];
  simHi: number[];
  critical: number | null;
}

/**
 * numpy's answer for these points and replicates (NaN replicates are sent as null); with `subset`
 * (indices), the subset's intervals: ranked among itself, with the whole set's critical value.
 */
export function numpyRankIntervals(points: number[], replicates: ArrayLike<number>[], subset?: number[]): NumpyRanks {
  const input = JSON.stringify({
    subset: subset ?? null,
    points,
    replicates: replicates.map((v) => Array.from(v, (x) => (Number.isNaN(x) ? null : x))),
  });
  const run = spawnSync(PY, ["-c", SCRIPT], { input, encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`numpy rank intervals failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as NumpyRanks;
}

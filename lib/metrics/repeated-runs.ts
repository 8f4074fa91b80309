// Repeated runs (issue 34, part 3): k runs of one system on one release, each a submission with its
// own score and bootstrap replicates. The system's row shows the mean over its runs; its
// uncertainty has two sources — which instances the release happens to hold, and how much the
// system moves between identical runs — and a two-level bootstrap resamples both.
import { seededRandom } from "./bootstrap-ci";

/** Mean, sample standard deviation (n − 1; 0 for one run), min and max of the runs' scores. */
export function runSpread(values: readonly number[]): { mean: number; sd: number; min: number; max: number } {
  if (!values.length) throw new RangeError("runSpread: no run");
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const ss = values.reduce((a, b) => a + (b - mean) ** 2, 0);
  return {
    mean,
    sd: values.length > 1 ? Math.sqrt(ss / (values.length - 1)) : 0,
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/**
 * Replicates of the mean over k runs by a two-level bootstrap. Replicate r of each run is its
 * statistic on the release's r-th instance resample — the same resample for every run and every
 * system (lib/metrics/bootstrap-replicates.ts) — so averaging the replicate r of k runs drawn with
 * replacement (seeded) resamples instances and runs at once: replicate r = (1/k) Σ_j run[u_rj][r].
 * A NaN replicate of a drawn run makes that replicate NaN (skipped by intervals, as for one run).
 * With identical runs it is exactly their replicates; with no instance noise (constant vectors)
 * it is the ordinary bootstrap of the runs' mean.
 * @throws RangeError when there is no run or the vectors differ in length
 */
export function runMeanReplicates(runs: readonly ArrayLike<number>[], seed: number): Float64Array {
  const k = runs.length;
  if (!k) throw new RangeError("runMeanReplicates: no run");
  const B = runs[0].length;
  if (runs.some((v) => v.length !== B)) throw new RangeError("runMeanReplicates: replicate vectors differ in length");
  const rand = seededRandom(seed);
  const out = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let sum = 0;
    for (let j = 0; j < k; j++) sum += runs[Math.floor(rand() * k)][r];
    out[r] = sum / k;
  }
  return out;
}

/** A 32-bit seed from a text (FNV-1a), so a system's run resampling is the same on every refresh. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// Cohen's κ and weighted κ (lib/metrics/cohen-kappa.ts): hand-computed check vectors, and
// scikit-learn's cohen_kappa_score(…, labels=[0, 1, 2, 3]) when /usr/bin/python3 has it.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cohenKappa, weightedKappa } from "./cohen-kappa";
import { seededRandom } from "./index";

// a subset of 0–3 labels where neither rater uses 1 (a middle label)
const A = [0, 0, 0, 2, 2, 2, 3, 3, 3, 0];
const B = [0, 2, 0, 2, 3, 2, 3, 0, 3, 2];

describe("weightedKappa on the 0–3 scale", () => {
  // Observed pairs: (0,0)×2 (0,2)×2 (2,2)×2 (2,3)×1 (3,3)×2 (3,0)×1; rater A's counts 0:4 2:3 3:3,
  // rater B's 0:3 2:4 3:3, n = 10.
  it("quadratic: 1 − 18/31 = 13/31 (weights (i − j)² by label value)", () => {
    // Σ w·O = 2·4 + 1·1 + 1·9 = 18; Σ w·E = (4·4·4 + 4·3·9 + 3·3·4 + 3·3·1 + 3·3·9 + 3·4·1) / 10 = 31
    expect(weightedKappa(A, B, "quadratic")).toBeCloseTo(13 / 31, 12);
    expect(weightedKappa(A, B, "quadratic", [0, 1, 2, 3])).toBeCloseTo(13 / 31, 12);
  });
  it("linear: 1 − 8/13.4 = 27/67 (weights |i − j| by label value)", () => {
    // Σ w·O = 2·2 + 1·1 + 1·3 = 8; Σ w·E = (4·4·2 + 4·3·3 + 3·3·2 + 3·3·1 + 3·3·3 + 3·4·1) / 10 = 13.4
    expect(weightedKappa(A, B, "linear")).toBeCloseTo(27 / 67, 12);
  });
  it("differs from weighting by position among the labels seen (sklearn's default, no labels=)", () => {
    // positions 0, 1, 2 for labels 0, 2, 3: Σ w·O = 7, Σ w·E = 13 → 6/13 = 0.461538, not 0.419355
    expect(weightedKappa(A, B, "quadratic", [0, 2, 3])).toBeCloseTo(6 / 13, 12);
    expect(weightedKappa(A, B, "quadratic")).not.toBeCloseTo(6 / 13, 3);
  });
  it("is the same on any scale 0..K that holds the labels (unused labels add nothing)", () => {
    expect(weightedKappa(A, B, "quadratic", [0, 1, 2, 3, 4, 5])).toBeCloseTo(13 / 31, 12);
    expect(weightedKappa([0, 1, 2], [0, 2, 2], "linear")).toBeCloseTo(
      weightedKappa([0, 1, 2], [0, 2, 2], "linear", [0, 1, 2, 3])!,
      12,
    );
  });
  it("is 1 on agreement, null when undefined", () => {
    expect(weightedKappa([0, 1, 2, 3], [0, 1, 2, 3], "quadratic")).toBe(1);
    expect(weightedKappa([2, 2], [2, 2], "linear")).toBeNull();
  });
  it("throws on empty, mismatched or invalid input", () => {
    expect(() => weightedKappa([], [], "linear")).toThrow(RangeError);
    expect(() => weightedKappa([0, 1], [0], "linear")).toThrow(RangeError);
    expect(() => weightedKappa([0, 1.5], [0, 1], "linear")).toThrow(RangeError);
    expect(() => weightedKappa([0, -1], [0, 1], "linear")).toThrow(RangeError);
    expect(() => weightedKappa([0, 4], [0, 1], "linear", [0, 1, 2, 3])).toThrow(/not among/);
    expect(() => weightedKappa([0, 1], [0, 1], "linear", [0, 1, 1])).toThrow(/repeated/);
  });
});

describe("cohenKappa (unweighted) is unaffected by the scale", () => {
  it("ignores label values", () => {
    expect(cohenKappa(A, B)).toBeCloseTo(
      cohenKappa(
        A.map((x) => x * 10),
        B.map((x) => x * 10),
      )!,
      12,
    );
  });
});

// scikit-learn, when available: every case, including subsets missing a middle label
const PY = process.env.PYTHON ?? "/usr/bin/python3";
const probe = spawnSync(PY, ["-c", "import sklearn"], { encoding: "utf8" });
const available = probe.status === 0;
if (!available && process.env.SKLEARN_REQUIRED === "1") throw new Error(`scikit-learn not importable with ${PY}`);

const SCRIPT = `
import json, sys, numpy as np
from sklearn.metrics import cohen_kappa_score
out = []
for a, b in json.load(sys.stdin):
    row = {}
    for w in ("linear", "quadratic"):
        with np.errstate(all="ignore"):
            scale = cohen_kappa_score(a, b, weights=w, labels=[0, 1, 2, 3])
            seen = cohen_kappa_score(a, b, weights=w)
        row[w] = None if np.isnan(scale) else scale
        row[w + "_seen"] = None if np.isnan(seen) else seen
    out.append(row)
print(json.dumps(out))
`;

describe.skipIf(!available)("weightedKappa agrees with sklearn's labels=[0, 1, 2, 3] (to 1e-9)", () => {
  const rand = seededRandom(7);
  const cases: [number[], number[]][] = [[A, B]];
  for (let c = 0; c < 30; c++) {
    // every other case draws from three labels only, leaving out 1 or 2 (a middle one)
    const pool = c % 2 ? [0, c % 4 === 1 ? 2 : 1, 3] : [0, 1, 2, 3];
    const n = 4 + Math.floor(rand() * 40);
    const a = Array.from({ length: n }, () => pool[Math.floor(rand() * pool.length)]);
    const b = a.map((l) => (rand() < 0.5 ? l : pool[Math.floor(rand() * pool.length)]));
    cases.push([a, b]);
  }
  const r = spawnSync(PY, ["-c", SCRIPT], { input: JSON.stringify(cases), encoding: "utf8" });
  const ref: Record<string, number | null>[] = r.status === 0 ? JSON.parse(r.stdout) : [];
  it("reference ran", () => expect(r.status === 0 ? "" : r.stderr).toBe(""));
  it("the first case: 0.419355 on the 0–3 scale, 0.461538 by sklearn's default", () => {
    expect(ref[0].quadratic).toBeCloseTo(13 / 31, 9);
    expect(ref[0].quadratic_seen).toBeCloseTo(6 / 13, 9);
  });
  it.each(cases.map((c, i) => [i, c] as const))("case %i", (i, [a, b]) => {
    for (const w of ["linear", "quadratic"] as const) {
      const got = weightedKappa(a, b, w);
      const want = ref[i][w];
      if (want === null) expect(got).toBeNull();
      else expect(Math.abs(got! - want)).toBeLessThanOrEqual(1e-9);
      // with the labels the raters used, sklearn's default is reproduced too
      const seen = [...new Set([...a, ...b])].sort((x, y) => x - y);
      const gotSeen = weightedKappa(a, b, w, seen);
      const wantSeen = ref[i][`${w}_seen`];
      if (wantSeen === null) expect(gotSeen).toBeNull();
      else expect(Math.abs(gotSeen! - wantSeen)).toBeLessThanOrEqual(1e-9);
    }
  });
});

// Repeated runs (issue 34, part 3): k runs of one system on one release, each a submission with its
// own score and bootstrap replicates. The system's row shows the mean over its runs; its
// uncertainty has two sources — which instances the release happens to hold, and how much the
// system moves between identical runs — and a two-level bootstrap resamples both, counting the
// instance × run interaction once (issue 50: crossed resampling counted it twice).
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
 * Replicates of the mean over k runs, with the variance of that mean (issue 50, item 3).
 *
 * Model (Owen 2007, "The pigeonhole bootstrap"): run j's score on the release is
 * θ_j = μ + α + β_j + γ_j — α the instance sample's effect shared by every run, β_j the run's own
 * effect (Var σ²_β), γ_j the instance × run interaction (a flaky instance right in one run, wrong in
 * the next; Var σ²_γ/n). The mean over k runs has Var = σ²_α/n + σ²_β/k + σ²_γ/(nk).
 * Resampling instances and runs crossed counts the interaction twice: the instance resample of the
 * runs' mean already holds σ²_γ/(nk), and the runs' spread s² estimates σ²_β + σ²_γ/n (1.4–1.8× the
 * variance at 3 runs in docs/metrics-notes.md's simulation). So, with X_jr = run j's replicate on
 * the release's r-th instance resample (the same resample for every run and system):
 * - m_r = (1/k) Σ_j X_jr carries the instance part, interaction included, once;
 * - W = mean_r Σ_j ((X_jr − c_j) − (m_r − c̄))² / (k − 1), c_j = mean_r X_jr, estimates σ²_γ/n;
 * - σ̂²_β = max(0, s²_c − W) (method of moments; s²_c the sample variance of the c_j);
 * - replicate r = m_r + λ·(1/k) Σ_j (c_{u_rj} − c̄), the u_rj runs drawn with replacement (seeded)
 *   and λ² = k·σ̂²_β / ((k − 1)·s²_c), so the run part has variance σ̂²_β/k exactly.
 * Identical runs give their replicates; a NaN in column r makes replicate r NaN (skipped by intervals).
 * @example runMeanReplicates([Float64Array.of(0.5, 0.6), Float64Array.of(0.5, 0.6)], 1) // [0.5, 0.6]
 * @throws RangeError when there is no run or the vectors differ in length
 */
export function runMeanReplicates(runs: readonly ArrayLike<number>[], seed: number): Float64Array {
  const k = runs.length;
  if (!k) throw new RangeError("runMeanReplicates: no run");
  const B = runs[0].length;
  if (runs.some((v) => v.length !== B)) throw new RangeError("runMeanReplicates: replicate vectors differ in length");
  const m = columnMeans(runs, B);
  if (k === 1) return m;
  const { centres, lambda } = runComponent(runs, m);
  const cBar = centres.reduce((a, b) => a + b, 0) / k;
  const rand = seededRandom(seed);
  const out = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let sum = 0;
    for (let j = 0; j < k; j++) sum += centres[Math.floor(rand() * k)] - cBar;
    out[r] = m[r] + (lambda * sum) / k;
  }
  return out;
}

/** m_r: the mean over runs of each resample's replicates (NaN when any run's is). */
function columnMeans(runs: readonly ArrayLike<number>[], B: number): Float64Array {
  const m = new Float64Array(B);
  for (let r = 0; r < B; r++) {
    let sum = 0;
    for (const v of runs) sum += v[r];
    m[r] = sum / runs.length;
  }
  return m;
}

/** Each run's centre c_j (mean over the finite resamples) and the run part's scale λ (0: no run effect beyond the interaction). */
function runComponent(runs: readonly ArrayLike<number>[], m: Float64Array): { centres: number[]; lambda: number } {
  const k = runs.length;
  const finite: number[] = [];
  m.forEach((x, r) => Number.isFinite(x) && finite.push(r));
  if (!finite.length) return { centres: new Array<number>(k).fill(0), lambda: 0 };
  const centres = runs.map((v) => finite.reduce((a, r) => a + v[r], 0) / finite.length);
  const cBar = centres.reduce((a, b) => a + b, 0) / k;
  const s2 = centres.reduce((a, c) => a + (c - cBar) ** 2, 0) / (k - 1);
  let w = 0;
  for (const r of finite) {
    let ss = 0;
    for (let j = 0; j < k; j++) ss += (runs[j][r] - centres[j] - (m[r] - cBar)) ** 2;
    w += ss / (k - 1);
  }
  w /= finite.length;
  const sigma2Run = Math.max(0, s2 - w);
  return { centres, lambda: s2 > 0 ? Math.sqrt((k * sigma2Run) / ((k - 1) * s2)) : 0 };
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

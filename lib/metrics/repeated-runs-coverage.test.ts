// Issue 50, item 3: the repeated runs' interval has the right width. A seeded simulation of k runs
// of one system on releases drawn from a known population: instances always right, always wrong or
// flaky (right with probability p_i in each run), plus a small run effect on the flaky ones. The
// true mean over the population and runs is 0.6; the 95% interval of the mean over k runs should
// cover it about 95% of the time. The crossed bootstrap (instances × runs drawn independently)
// counts the instance × run interaction twice and over-covers; runMeanReplicates counts it once.
import { describe, expect, it } from "vitest";
import { seededRandom } from "./bootstrap-ci";
import { bootstrapIndices, intervalFromReplicates } from "./bootstrap-replicates";
import { runMeanReplicates } from "./repeated-runs";

const TRUE_MEAN = 0.6;
const N = 120;
const B = 200;
const SIMS = 400;

/** One simulated release and k runs on it: each run's replicates on the release's shared resamples. */
function simulate(k: number, rand: () => number, seed: number) {
  // population: 35% always right, 15% always wrong, 50% flaky with p ~ U(0.1, 0.9) → E = 0.35 + 0.25 = 0.6
  const p = Array.from({ length: N }, () => {
    const u = rand();
    return u < 0.35 ? 1 : u < 0.5 ? 0 : 0.1 + 0.8 * rand();
  });
  const beta = Array.from({ length: k }, () => 0.1 * (rand() - 0.5)); // mean 0, only on flaky instances
  const y = beta.map((b) => p.map((pi): number => (pi === 0 || pi === 1 ? pi : rand() < pi + b ? 1 : 0)));
  const mean = y.reduce((a, run) => a + run.reduce((s, v) => s + v, 0) / N, 0) / k;
  if (seed < 0) return { reps: [], mean };
  const ix = bootstrapIndices(N, B, seed);
  const reps = y.map((run) => {
    const out = new Float64Array(B);
    for (let r = 0; r < B; r++) {
      let s = 0;
      for (let i = r * N; i < (r + 1) * N; i++) s += run[ix[i]];
      out[r] = s / N;
    }
    return out;
  });
  return { reps, mean };
}

/** The crossed two-level bootstrap the board used before issue 50: replicate r = mean of k runs drawn with replacement. */
function crossed(reps: Float64Array[], seed: number): Float64Array {
  const rand = seededRandom(seed);
  return Float64Array.from({ length: B }, (_, r) => {
    let s = 0;
    for (let j = 0; j < reps.length; j++) s += reps[Math.floor(rand() * reps.length)][r];
    return s / reps.length;
  });
}

const varianceOf = (xs: ArrayLike<number>) => {
  const a = Array.from(xs);
  const m = a.reduce((s, x) => s + x, 0) / a.length;
  return a.reduce((s, x) => s + (x - m) ** 2, 0) / (a.length - 1);
};

/** Coverage of 0.6 and the mean bootstrap variance over SIMS releases, for both methods, and the true variance of the mean. */
function coverage(k: number) {
  const rand = seededRandom(1000 + k);
  let hitNew = 0;
  let hitOld = 0;
  let varNew = 0;
  let varOld = 0;
  for (let s = 0; s < SIMS; s++) {
    const { reps } = simulate(k, rand, 7 + s);
    const a = runMeanReplicates(reps, 31 + s);
    const b = crossed(reps, 31 + s);
    const ia = intervalFromReplicates(a);
    const ib = intervalFromReplicates(b);
    if (ia.low <= TRUE_MEAN && TRUE_MEAN <= ia.high) hitNew++;
    if (ib.low <= TRUE_MEAN && TRUE_MEAN <= ib.high) hitOld++;
    varNew += varianceOf(a) / SIMS;
    varOld += varianceOf(b) / SIMS;
  }
  // the true variance of the mean over k runs: 20,000 more releases, the mean alone (no bootstrap)
  const truth = varianceOf(Array.from({ length: 20000 }, () => simulate(k, rand, -1).mean));
  return { covNew: hitNew / SIMS, covOld: hitOld / SIMS, ratioNew: varNew / truth, ratioOld: varOld / truth };
}

describe("repeated runs: coverage of the 95% interval of the mean over runs (seeded simulation)", () => {
  it.each([3, 8])("%i runs: near 95%, where crossed resampling over-covers", (k) => {
    const c = coverage(k);
    // 400 releases: a binomial standard error of 1.1 points around 95%
    expect(c.covNew).toBeGreaterThanOrEqual(0.92);
    expect(c.covNew).toBeLessThanOrEqual(0.98);
    // measured: 93.5% (3 runs), 92.75% (8 runs); variance / true variance 1.07 and 1.02
    expect(c.ratioNew).toBeGreaterThan(0.9);
    expect(c.ratioNew).toBeLessThan(1.15);
    // the crossed bootstrap's variance is inflated by the doubly counted interaction (1.25 and 1.15)
    expect(c.ratioOld).toBeGreaterThan(c.ratioNew * (k === 3 ? 1.1 : 1.08));
    expect(c.covOld).toBeGreaterThanOrEqual(c.covNew);
  });
});

import { describe, expect, it } from "vitest";
import { bootstrapIndices, bootstrapReplicates } from "./bootstrap-replicates";
import {
  ladderDecisions,
  MAX_RELEASE_ERROR,
  NOISE_CUTOFF,
  NOISE_SCALE,
  quantizeMargin,
  releaseValue,
  roundToMargin,
  truncatedLaplace,
} from "./ladder";

const n = 200;
const ix = bootstrapIndices(n, 1000, 7);
/** accuracy of a 0/1 correctness vector, with its replicates on fixed indices */
function entry(correct: number[]) {
  const mean = (rows: number[]) => rows.reduce((a, b) => a + b, 0) / rows.length;
  return {
    primary: mean(correct),
    replicates: bootstrapReplicates(n, (k) => mean(Array.from(k, (i) => correct[i])), ix),
  };
}
const truthLike = (right: number) => Array.from({ length: n }, (_, i) => (i < right ? 1 : 0));

describe("the Ladder", () => {
  it("quantizes margins to one significant digit, rounded up, at least 1/n", () => {
    expect(quantizeMargin(0.0371, 40)).toBe(0.04);
    expect(quantizeMargin(0.04, 40)).toBe(0.04);
    expect(quantizeMargin(0.001, 40)).toBe(0.03); // 1/40 = 0.025 → 0.03
    expect(quantizeMargin(0.12, 1000)).toBe(0.2);
    expect(roundToMargin(0.6123, 0.04)).toBe(0.6);
    expect(roundToMargin(0.63, 0.04)).toBe(0.64);
    expect(roundToMargin(0.5, 0.003)).toBe(0.501);
  });
  it("releases the first, then only significant improvements over the best released", () => {
    const d = ladderDecisions(
      [
        entry(truthLike(100)),
        entry(truthLike(101)),
        entry(truthLike(140)),
        entry(truthLike(139)),
        entry(truthLike(180)),
      ],
      { n, better: "higher" },
    );
    expect(d.map((x) => x.released)).toEqual([true, false, true, false, true]);
    expect(d[0].reason).toBe("first");
    expect(d[1].reason).toBe("not_improved");
    expect(d[2].reason).toBe("improved");
    // the first margin is its own 95% interval's half-width (≈ 1.96·√(.25/200) ≈ 0.069 → 0.07)
    expect(d[0].margin).toBe(0.07);
    expect(d[1].margin).toBeNull();
  });
  it("changing one prediction never releases anything new", () => {
    const base = truthLike(120);
    const flipped = base.slice();
    flipped[150] = 1;
    const d = ladderDecisions([entry(base), entry(flipped)], { n, better: "higher" });
    expect(d[1]).toEqual({ released: false, margin: null, reason: "not_improved" });
  });
  it("respects lower-is-better metrics and undefined values", () => {
    const d = ladderDecisions([entry(truthLike(150)), entry(truthLike(60)), { primary: null, replicates: null }], {
      n,
      better: "lower",
    });
    expect(d.map((x) => x.released)).toEqual([true, true, false]);
    expect(d[2].reason).toBe("undefined");
  });
});

describe("released values against many accounts (issue 16)", () => {
  const draws = (K: number) => Array.from({ length: K }, (_, k) => (k + 0.5) / K);
  it("truncated Laplace noise: symmetric, cut at the cutoff, median |z| = −b·ln((1 + e^(−cutoff/b))/2)", () => {
    expect(truncatedLaplace(0.5, 1, 3)).toBe(0);
    const zs = draws(100_000).map((u) => truncatedLaplace(u, 1, 3));
    expect(Math.max(...zs.map(Math.abs))).toBeLessThanOrEqual(3);
    expect(zs.reduce((a, b) => a + b, 0) / zs.length).toBeCloseTo(0, 6);
    const abs = zs.map(Math.abs).sort((a, b) => a - b);
    expect(abs[abs.length / 2]).toBeCloseTo(-Math.log((1 + Math.exp(-3)) / 2), 3);
    // the tail beyond 1.5b: e^-1.5 of the mass, less the cut's share
    expect(abs.filter((z) => z > 1.5).length / abs.length).toBeCloseTo(
      (Math.exp(-1.5) - Math.exp(-3)) / (1 - Math.exp(-3)),
      2,
    );
    expect(() => truncatedLaplace(0.5, 0, 3)).toThrow(RangeError);
  });
  it("without noise is plain rounding to the margin (the behaviour before issue 16)", () => {
    for (const v of [0.6123, 0.5, 0.0371, 0.99]) expect(releaseValue(v, 0.04, null)).toBe(roundToMargin(v, 0.04));
  });
  it("lies on the team's offset grid, within MAX_RELEASE_ERROR steps, within 2 steps 95% of the time, unbiased over the draws", () => {
    const step = 0.04;
    for (const v of [0.6123, 0.5, 0.0371]) {
      let sum = 0;
      let within2 = 0;
      let count = 0;
      for (const offset of draws(40)) {
        for (const draw of draws(400)) {
          const r = releaseValue(v, step, { offset, draw });
          const k = r / step - offset;
          expect(Math.abs(k - Math.round(k))).toBeLessThan(0.01 + 1e-9); // printed to 1/100 of a step
          expect(Math.abs(r - v)).toBeLessThanOrEqual(MAX_RELEASE_ERROR * step + 1e-9);
          if (Math.abs(r - v) <= 2 * step) within2++;
          sum += r;
          count++;
        }
      }
      expect(sum / count).toBeCloseTo(v, 3);
      expect(within2 / count).toBeGreaterThanOrEqual(0.95);
    }
    expect(NOISE_SCALE * NOISE_CUTOFF).toBeGreaterThan(0);
    // the example
    expect(releaseValue(0.6123, 0.04, { offset: 0.25, draw: 0.5 })).toBe(0.61);
  });
  it("the same draws give the same value; other offsets give other grids", () => {
    const a = releaseValue(0.6123, 0.04, { offset: 0.3, draw: 0.71 });
    expect(releaseValue(0.6123, 0.04, { offset: 0.3, draw: 0.71 })).toBe(a);
    const shown = new Set(draws(20).map((offset) => releaseValue(0.6123, 0.04, { offset, draw: 0.5 })));
    expect(shown.size).toBeGreaterThan(2);
    expect([...shown].some((x) => x !== roundToMargin(0.6123, 0.04))).toBe(true);
  });
  it("clamps shares to [0, 1] and counts to whole numbers ≥ 0", () => {
    expect(releaseValue(0.99, 0.2, { offset: 0.4, draw: 0.999 }, { min: 0, max: 1 })).toBe(1);
    expect(releaseValue(1, 5, { offset: 0.1, draw: 0.001 }, { min: 0, integer: true })).toBe(0);
    expect(Number.isInteger(releaseValue(17, 5, { offset: 0.37, draw: 0.6 }, { min: 0, integer: true }))).toBe(true);
  });
  it("one prediction moved (1/n, far less than the margin) shifts the value as often down as up, whatever its label", () => {
    // the attack's statistic: the sign of the difference of two fresh teams' released values
    // (other offsets, other draws), one of them on one more right answer
    let seed = 1;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [step, n, most] of [
      [0.2, 60, 0.55],
      [0.07, 200, 0.55],
      [0.04, 1000, 0.52],
    ]) {
      let right = 0;
      let moved = 0;
      for (let t = 0; t < 100_000; t++) {
        const v = 0.3 + 0.4 * rnd();
        const a = releaseValue(v, step, { offset: rnd(), draw: rnd() });
        const b = releaseValue(v + 1 / n, step, { offset: rnd(), draw: rnd() });
        if (a === b) continue;
        moved++;
        if (b > a) right++;
      }
      // ≈ ½ + 0.4·(1/n)/step (0.535, 0.530, 0.511); plain rounding: right at every step it shows
      expect(moved).toBeGreaterThan(99_000);
      expect(right / moved).toBeGreaterThan(0.5);
      expect(right / moved).toBeLessThan(most);
    }
  });
  it("the threshold's jitter only raises the bar: a one-instance change is never released, whatever the draw", () => {
    const base = truthLike(120);
    const flipped = base.slice();
    flipped[150] = 1;
    for (const jitter of [0, 0.3, 0.999, -1, 2]) {
      expect(ladderDecisions([entry(base), { ...entry(flipped), jitter }], { n, better: "higher" })[1].released).toBe(
        false,
      );
    }
  });
  it("a jittered threshold is stricter than the plain one, and it matters for some gains", () => {
    const a = Float64Array.from({ length: 1000 }, (_, i) => 0.5 + Math.sin(i * 1.7) * 0.03);
    let onlyPlain = false;
    for (let g = 0.001; g < 0.1; g += 0.001) {
      const b = Float64Array.from({ length: 1000 }, (_, i) => 0.5 + g + Math.cos(i * 2.3) * 0.03);
      const at = (jitter: number) =>
        ladderDecisions(
          [
            { primary: 0.5, replicates: a },
            { primary: 0.5 + g, replicates: b, jitter },
          ],
          { n: 200, better: "higher" },
        )[1].released;
      const [plain, half, strict] = [at(0), at(0.5), at(1)];
      if (strict) expect(half).toBe(true);
      if (half) expect(plain).toBe(true);
      expect(at(-1)).toBe(plain); // clamped: never looser
      if (plain && !strict) onlyPlain = true;
    }
    expect(onlyPlain).toBe(true);
  });
});

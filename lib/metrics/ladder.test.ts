import { describe, expect, it } from "vitest";
import { bootstrapIndices, bootstrapReplicates } from "./bootstrap-replicates";
import { DITHER_WIDTH, ditheredRound, ladderDecisions, quantizeMargin, roundToMargin } from "./ladder";

const n = 200;
const ix = bootstrapIndices(n, 1000, 7);
/** accuracy of a 0/1 correctness vector, with its replicates on fixed indices */
function entry(correct: number[]) {
  const mean = (rows: number[]) => rows.reduce((a, b) => a + b, 0) / rows.length;
  return { primary: mean(correct), replicates: bootstrapReplicates(n, (k) => mean(Array.from(k, (i) => correct[i])), ix) };
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
    const d = ladderDecisions([entry(truthLike(100)), entry(truthLike(101)), entry(truthLike(140)), entry(truthLike(139)), entry(truthLike(180))], { n, better: "higher" });
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
    const d = ladderDecisions([entry(truthLike(150)), entry(truthLike(60)), { primary: null, replicates: null }], { n, better: "lower" });
    expect(d.map((x) => x.released)).toEqual([true, true, false]);
    expect(d[2].reason).toBe("undefined");
  });
});

describe("the dithered rounding (issue 16: many accounts)", () => {
  it("is on the grid, within (W + 1)/2 steps, and unbiased over the dither", () => {
    for (const v of [0.6123, 0.5, 0.0371, 0.99]) {
      let sum = 0;
      const K = 10_000;
      for (let k = 0; k < K; k++) {
        const r = ditheredRound(v, 0.04, (k + 0.5) / K);
        expect(Math.abs(r / 0.04 - Math.round(r / 0.04))).toBeLessThan(1e-9);
        expect(Math.abs(r - v)).toBeLessThanOrEqual(((DITHER_WIDTH + 1) / 2) * 0.04 + 1e-12);
        sum += r;
      }
      expect(sum / K).toBeCloseTo(v, 4);
    }
    expect(ditheredRound(0.6123, 0.04, 0.5)).toBe(roundToMargin(0.6123, 0.04));
  });
  it("a jittered threshold makes the improvement test stricter or looser, never the other way round", () => {
    const a = Float64Array.from({ length: 1000 }, (_, i) => 0.5 + Math.sin(i * 1.7) * 0.03);
    const seen = { onlyPlain: false };
    for (let g = 0.001; g < 0.1; g += 0.001) {
      const b = Float64Array.from({ length: 1000 }, (_, i) => 0.5 + g + Math.cos(i * 2.3) * 0.03);
      const at = (jitter: number) => ladderDecisions([{ primary: 0.5, replicates: a }, { primary: 0.5 + g, replicates: b, jitter }], { n: 200, better: "higher" })[1].released;
      const [loose, plain, strict] = [at(-1), at(0), at(1)];
      // monotone in the jitter
      if (strict) expect(plain).toBe(true);
      if (plain) expect(loose).toBe(true);
      if (plain && !strict) seen.onlyPlain = true;
    }
    // and it matters for some gains
    expect(seen.onlyPlain).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { expectedMax, selectionInflation } from "./expected-max";

describe("expectedMax", () => {
  it("of a two-point distribution: P(max = 1) = 1 − 2^−n", () => {
    for (const n of [1, 2, 3, 10]) expect(expectedMax(Float64Array.of(0, 1), n)).toBeCloseTo(1 - 2 ** -n, 12);
  });
  it("agrees with a Monte Carlo estimate from the same values", () => {
    let s = 7;
    const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const reps = Float64Array.from({ length: 1000 }, () => 0.4 + 0.05 * (rnd() + rnd() + rnd() - 1.5));
    let sum = 0;
    const trials = 20000;
    for (let t = 0; t < trials; t++) {
      let m = -Infinity;
      for (let k = 0; k < 5; k++) m = Math.max(m, reps[Math.floor(rnd() * reps.length)]);
      sum += m;
    }
    expect(expectedMax(reps, 5)).toBeCloseTo(sum / trials, 3);
  });
  it("n = 1 is the mean; NaN replicates are ignored; none is null", () => {
    expect(expectedMax(Float64Array.of(1, 2, 6, NaN), 1)).toBeCloseTo(3, 12);
    expect(expectedMax(Float64Array.of(NaN), 3)).toBeNull();
    expect(() => expectedMax(Float64Array.of(1), 0)).toThrow(RangeError);
  });
});

describe("selectionInflation", () => {
  it("grows with n and is 0 for one attempt", () => {
    const reps = Float64Array.from({ length: 101 }, (_, i) => 0.5 + (i - 50) / 1000);
    expect(selectionInflation(reps, 1)).toBe(0);
    const a = selectionInflation(reps, 3)!;
    const b = selectionInflation(reps, 10)!;
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a);
    expect(b).toBeLessThan(0.05);
  });
});

import { describe, expect, it } from "vitest";
import { binomialCdfHalf, mcnemarExact, pairedBootstrapDifference } from "./index";

describe("mcnemarExact (values from scipy.stats.binomtest, = statsmodels exact=True)", () => {
  it.each([
    [10, 2, 0.0385742188],
    [0, 0, 1],
    [5, 5, 1],
    [1, 9, 0.021484375],
    [25, 40, 0.0816815339],
  ])("b=%i c=%i → p=%f", (b, c, p) => expect(mcnemarExact(b, c).pValue).toBeCloseTo(p, 6));
  it("binomial cdf", () => {
    expect(binomialCdfHalf(0, 1)).toBeCloseTo(0.5, 12);
    expect(binomialCdfHalf(2, 4)).toBeCloseTo(11 / 16, 12);
  });
});

describe("pairedBootstrapDifference", () => {
  it("a clearly better system is significant, an equal one is not", () => {
    const n = 300;
    const a = Array.from({ length: n }, (_, i) => (i % 10 < 8 ? 1 : 0));
    const b = Array.from({ length: n }, (_, i) => (i % 10 < 5 ? 1 : 0));
    const mean = (xs: number[]) => (ix: Int32Array) => {
      let s = 0;
      for (const i of ix) s += xs[i];
      return s / ix.length;
    };
    const d = pairedBootstrapDifference(n, mean(a), mean(b));
    expect(d.difference).toBeCloseTo(0.3, 12);
    expect(d.significant).toBe(true);
    expect(pairedBootstrapDifference(n, mean(a), mean(a)).significant).toBe(false);
  });
});

describe("paretoFront", () => {
  it("keeps the points no other beats on cost and score", async () => {
    const { paretoFront } = await import("./pareto-front");
    expect(
      paretoFront([
        { x: 1, y: 0.5 },
        { x: 2, y: 0.4 },
        { x: 3, y: 0.7 },
        { x: 3, y: 0.6 },
      ]),
    ).toEqual([
      { x: 1, y: 0.5 },
      { x: 3, y: 0.7 },
    ]);
    expect(paretoFront([])).toEqual([]);
  });
});

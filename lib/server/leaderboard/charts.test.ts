import { describe, expect, it } from "vitest";
import { precisionRecallCurve } from "@/lib/metrics";
import { thinCurve } from "./charts";

describe("thinCurve", () => {
  const n = 1699;
  const truth = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? 1 : 0));
  const scores = Array.from({ length: n }, (_, i) => ((i * 7919) % n) / n);
  const curve = precisionRecallCurve(truth, scores);

  it("keeps at most 200 of the curve's own points, first and last included", () => {
    const t = thinCurve(curve);
    expect(curve.recall.length).toBeGreaterThan(1000);
    expect(t.recall.length).toBe(200);
    expect(t.precision.length).toBe(200);
    const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
    expect([t.recall[0], t.precision[0]]).toEqual([r4(curve.recall[0]), r4(curve.precision[0])]);
    expect([t.recall.at(-1), t.precision.at(-1)]).toEqual([r4(curve.recall.at(-1)!), r4(curve.precision.at(-1)!)]);
    // every kept point is one of the curve's own, to four decimals (a tenth of a pixel)
    const pairs = new Set(curve.recall.map((r, i) => `${r4(r)}:${r4(curve.precision[i])}`));
    expect(t.recall.every((r, i) => pairs.has(`${r}:${t.precision[i]}`))).toBe(true);
  });
  it("keeps every point of a short curve, rounded to four decimals", () => {
    const short = precisionRecallCurve([1, 0, 1], [0.9, 0.2, 0.4]);
    const t = thinCurve(short);
    expect(t.recall).toEqual(short.recall.map((v) => Math.round(v * 1e4) / 1e4));
    expect(t.precision).toEqual(short.precision.map((v) => Math.round(v * 1e4) / 1e4));
  });
});

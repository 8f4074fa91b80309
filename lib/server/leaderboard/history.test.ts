import { describe, expect, it } from "vitest";
import { thinSeries } from "./history";

describe("thinSeries", () => {
  const points = Array.from({ length: 1000 }, (_, i) => ({
    value: i === 637 ? 0.99 : i === 12 ? -1 : (i % 7) / 10,
    submissionId: `s${i}`,
  }));
  it("keeps at most max points in order: the first, the last, the highest, the lowest and the current one among them", () => {
    const t = thinSeries(points, "s411", 120);
    expect(t.length).toBeLessThanOrEqual(120);
    expect(t.length).toBeGreaterThan(110);
    const ids = t.map((p) => p.submissionId);
    expect(ids).toEqual(expect.arrayContaining(["s0", "s999", "s637", "s12", "s411"]));
    const order = ids.map((id) => Number(id.slice(1)));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
  it("leaves a short series alone", () => {
    expect(thinSeries(points.slice(0, 50), "s3")).toHaveLength(50);
  });
});

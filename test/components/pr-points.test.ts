// PR curve points for the drawing: sorted by recall, thinned to a grid, never off the curve by more than a cell.
import { describe, expect, it } from "vitest";
import { prPoints } from "@/components/charts/pr-points";
import { precisionRecallCurve } from "@/lib/metrics";

/** a deterministic pseudo-random sequence (mulberry32) */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("prPoints", () => {
  it("keeps a small curve whole, sorted by recall", () => {
    const c = precisionRecallCurve([0, 1, 1, 0], [0.1, 0.4, 0.35, 0.8]);
    const pts = prPoints(c);
    expect(pts).toHaveLength(c.recall.length);
    expect(pts.map((p) => p.x)).toEqual([...c.recall].sort((a, b) => a - b));
  });

  it("thins 1,700 thresholds to a few hundred points, each dropped one within a cell of a kept one", () => {
    const r = rng(7);
    const n = 1700;
    const truth = Array.from({ length: n }, () => (r() < 0.4 ? 1 : 0));
    const scores = truth.map((t) => t * 0.3 + r());
    const c = precisionRecallCurve(truth, scores);
    expect(c.recall.length).toBeGreaterThan(1600);
    const cells = 200;
    const pts = prPoints(c, cells);
    expect(pts.length).toBeLessThan(600);
    const all = prPoints(c, 1e12);
    expect(all).toHaveLength(c.recall.length);
    expect(pts[0]).toEqual(all[0]);
    expect(pts[pts.length - 1]).toEqual(all[all.length - 1]);
    const cell = (p: { x: number; y: number }) => `${Math.round(p.x * cells)},${Math.round(p.y * cells)}`;
    const kept = new Set(pts.map(cell));
    for (const p of all) expect(kept.has(cell(p))).toBe(true);
  });
});

import type { PrCurve } from "@/lib/metrics";

/** PR curve arrays → points with recall on x and precision on y (the end point included). */
export function prPoints(c: PrCurve): { x: number; y: number }[] {
  return c.recall.map((r, i) => ({ x: r, y: c.precision[i] })).sort((a, b) => a.x - b.x || b.y - a.y);
}

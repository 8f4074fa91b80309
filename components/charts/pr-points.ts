import type { PrCurve } from "@/lib/metrics";

/**
 * PR curve arrays → points with recall on x and precision on y (the end point included), thinned
 * to what a drawing can show: of consecutive points in the same cell of a `cells` × `cells` grid
 * over the unit square (1/200 of an axis is 2–3 px of a chart) only the first is kept, and the last
 * point always is. A curve of 1,700 distinct thresholds was 800 dots drawn in one 800 ms task on a
 * throttled phone; thinned it is at most a few hundred points, on the same line to within a cell.
 */
export function prPoints(c: PrCurve, cells = 200): { x: number; y: number }[] {
  const all = c.recall.map((r, i) => ({ x: r, y: c.precision[i] })).sort((a, b) => a.x - b.x || b.y - a.y);
  if (all.length <= 2) return all;
  const cell = (p: { x: number; y: number }) => `${Math.round(p.x * cells)},${Math.round(p.y * cells)}`;
  const out = [all[0]];
  let last = cell(all[0]);
  for (let i = 1; i < all.length - 1; i++) {
    const k = cell(all[i]);
    if (k !== last) out.push(all[i]);
    last = k;
  }
  out.push(all[all.length - 1]);
  return out;
}

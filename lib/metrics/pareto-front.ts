/**
 * The Pareto front of points where lower x (cost) and higher y (score) are better: the points no
 * other point beats on both, sorted by x.
 * @example paretoFront([{x:1,y:0.5},{x:2,y:0.4},{x:3,y:0.7}]) // [{x:1,y:0.5},{x:3,y:0.7}]
 */
export function paretoFront<T extends { x: number; y: number }>(points: T[]): T[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || b.y - a.y);
  const front: T[] = [];
  let best = -Infinity;
  for (const p of sorted) {
    if (p.y > best) {
      front.push(p);
      best = p.y;
    }
  }
  return front;
}

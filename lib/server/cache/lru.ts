/**
 * A small least-recently-used map, bounded by entries and optionally by weight (e.g. bytes). Used
 * only for values whose key says when they are stale (e.g. a release id with its board_version
 * from the database), so every process may keep one.
 */
export class Lru<V> {
  private map = new Map<string, { value: V; weight: number }>();
  private total = 0;
  constructor(
    private readonly max: number,
    private readonly maxWeight = Infinity,
  ) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (e !== undefined) {
      this.map.delete(key);
      this.map.set(key, e);
    }
    return e?.value;
  }

  set(key: string, value: V, weight = 0): void {
    this.delete(key);
    this.map.set(key, { value, weight });
    this.total += weight;
    while (this.map.size > this.max || (this.total > this.maxWeight && this.map.size > 1))
      this.delete(this.map.keys().next().value as string);
  }

  /** Re-weighs an entry once its size is known (e.g. after a render). */
  weigh(key: string, weight: number): void {
    const e = this.map.get(key);
    if (!e) return;
    this.total += weight - e.weight;
    e.weight = weight;
    while (this.total > this.maxWeight && this.map.size > 1) this.delete(this.map.keys().next().value as string);
  }

  delete(key: string): void {
    const e = this.map.get(key);
    if (!e) return;
    this.total -= e.weight;
    this.map.delete(key);
  }

  /** Total weight held. */
  get weight(): number {
    return this.total;
  }
}

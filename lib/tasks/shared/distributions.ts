/** One distribution of a release overview: each value with its count and share. */
export interface Distribution {
  title: string;
  rows: { value: string; n: number; share: number }[];
}

/** Counts and shares of values, most frequent first. */
export function shares(values: string[]): Distribution["rows"] {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1]).map(([value, n]) => ({ value, n, share: n / values.length }));
}

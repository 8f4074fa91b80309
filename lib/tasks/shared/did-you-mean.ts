/**
 * "Did you mean" for near-miss values (an enumeration's label, an instance id): pure, cheap.
 */

/** Case, spaces, dashes and underscores do not count (as canonicalEnum reads enumerations). */
const looseKey = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

/**
 * Damerau–Levenshtein distance (optimal string alignment: insertions, deletions, substitutions
 * and swaps of two adjacent characters each cost 1), case-sensitive. Stops as soon as the
 * distance must exceed `max` and then returns `max + 1`.
 * @example editDistance("WELL_SPECIFED", "WELL_SPECIFIED") // 1
 * @example editDistance("abcd", "acbd") // 1 (a swap)
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

/** The largest distance a suggestion may be from a value of this length: max(1, ⌊length / 4⌋). */
export const suggestionBound = (length: number) => Math.max(1, Math.floor(length / 4));

/**
 * The allowed value closest to `value`: one that matches it ignoring case, spaces, dashes and
 * underscores, else the nearest within `suggestionBound` edits (case-insensitive; the first of
 * equals), else undefined. Candidates whose length is too far off are skipped unread, and the
 * bound tightens as closer ones are found, so thousands of candidates cost little.
 * @example closestValue("WELL_SPECIFED", ["WELL_SPECIFIED", "VAGUE"]) // "WELL_SPECIFIED"
 * @example closestValue("severe", ["Low", "High"]) // undefined
 */
export function closestValue(value: unknown, candidates: Iterable<string>): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const v = value.trim().toLowerCase();
  const key = looseKey(value);
  let bound = suggestionBound(v.length);
  let best: string | undefined;
  let bestDistance = bound + 1;
  for (const c of candidates) {
    if (key !== "" && looseKey(c) === key) return c;
    if (Math.abs(c.length - v.length) > bound) continue;
    const d = editDistance(v, c.toLowerCase(), bound);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      // only a closer one can replace it (a loose match returns at once, whatever the bound)
      bound = Math.max(0, d - 1);
    }
  }
  return best;
}

/**
 * `; did you mean "X"?` for the closest allowed value, or "" when none is close: appended to a
 * problem's message (its `expected` still says what is allowed).
 */
export function didYouMean(value: unknown, candidates: Iterable<string>): string {
  const c = closestValue(value, candidates);
  return c === undefined || c === value ? "" : `; did you mean ${JSON.stringify(c)}?`;
}

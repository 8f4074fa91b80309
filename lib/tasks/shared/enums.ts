/**
 * Matches a value against an enumeration the way the papers' own tools write it: case, spaces,
 * dashes and underscores do not matter ("high", "High", "HIGH"; "bug hit", "Bug-Hit", "bug_hit";
 * "reasonably specified" for REASONABLY_SPECIFIED). Returns the canonical spelling to store, or
 * undefined when it is none of them.
 * @example canonicalEnum("high", ["Low", "Medium", "High"]) // "High"
 */
export function canonicalEnum<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  if (typeof value !== "string") return undefined;
  const key = enumKey(value);
  return allowed.find((a) => enumKey(a) === key);
}

function enumKey(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "_");
}

// The one bracket a rank is printed with (issue 48): the simultaneous 95% rank interval — every
// pair on the board compared at once, so "could be #1" reads off it. The board, its frozen
// snapshot view, badges and preview images all print it through this function, so one system
// never shows two brackets. (The marginal interval is data in the exports and on the submission
// page, named as such.) Pure.

/** What a bracket is made of. */
export interface Bracketed {
  rank: number | null;
  rankIntervalSimultaneous: { lo: number; hi: number } | null;
}

/** The bracket's text: "671–1014", or "5" when it is one rank; null when unranked or not computed. */
export function rankBracket(r: Bracketed): string | null {
  const iv = r.rankIntervalSimultaneous;
  if (r.rank === null || !iv) return null;
  return iv.lo === iv.hi ? String(iv.lo) : `${iv.lo}–${iv.hi}`;
}

/** "#983 (671–1014)", "#1", or null when unranked. */
export function rankWithBracket(r: Bracketed): string | null {
  if (r.rank === null) return null;
  const b = rankBracket(r);
  return `#${r.rank}${b ? ` (${b})` : ""}`;
}

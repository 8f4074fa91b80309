/**
 * A permalink: `path` with the given query, leaving out what is empty (undefined, null, "") and
 * page 1 — in the order the keys are given, so the same view always has the same URL.
 */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === "" || (k === "page" && Number(v) === 1)) continue;
    p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * The `rel` of every link a user entered (a submission's site, logs, code): search engines give
 * it no weight (`ugc nofollow`, so the board is no link farm) and the target learns nothing of
 * the page it came from.
 */
export const USER_LINK_REL = "ugc nofollow noopener noreferrer";

import { redirect } from "next/navigation";

/** The query without its empty fields, or null when it has none. */
export function withoutEmptyParams(sp: Record<string, string | string[] | undefined>): URLSearchParams | null {
  const kept = new URLSearchParams();
  let dropped = false;
  for (const [k, v] of Object.entries(sp)) {
    for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) {
      if (x === "") dropped = true;
      else kept.append(k, x);
    }
  }
  return dropped ? kept : null;
}

/**
 * A GET form sends every field, the empty ones too (`?q=&team=&agent=&from=`): the page answers
 * such a request with a redirect to the same view without them, so the URL a reader shares says
 * only what was chosen. An empty field means what its absence means on every page that calls this.
 */
export function redirectWithoutEmptyParams(path: string, sp: Record<string, string | string[] | undefined>): void {
  const kept = withoutEmptyParams(sp);
  if (kept) redirect(kept.size ? `${path}?${kept}` : path);
}

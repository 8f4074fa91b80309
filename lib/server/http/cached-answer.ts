import { chooseCoding, varyWithEncoding } from "./encodings";
import { SHARED_CACHE_CONTROL, type CachedResponse } from "./response-cache";
import { applySecurityHeaders, pageCsp, type CspOptions } from "./security-headers";

/**
 * A visitor's read answered from a stored response: the same status, headers and bytes for every
 * visitor of a board state, which a shared cache may keep briefly and revalidate with the ETag
 * (SHARED_CACHE_CONTROL). A page's policy names the nonce the app rendered it with (the entry's,
 * never anything read from the page); what is no document gets the non-page policy. The body is a
 * stored compressed copy when the reader accepts one, sent with its Content-Encoding.
 */
export function cachedAnswer(
  response: CachedResponse,
  hit: boolean,
  req: { headers: Headers },
  opts: CspOptions & { https: boolean },
): { status: 200 | 304; headers: Headers; body: Uint8Array<ArrayBuffer> | null } {
  const headers = new Headers(response.headers);
  headers.set("etag", response.etag);
  headers.set("x-leaderboard-cache", hit ? "hit" : "miss");
  headers.set("cache-control", ownLifetime(headers.get("cache-control")) ?? SHARED_CACHE_CONTROL);
  const csp = response.nonce ? pageCsp(response.nonce, opts) : undefined;
  applySecurityHeaders(headers, { csp, https: opts.https });
  // the identity body and its stored compressed copies are one resource's representations
  headers.set("vary", varyWithEncoding(headers.get("vary")));
  if (req.headers.get("if-none-match") === response.etag) return { status: 304, headers, body: null };
  const coding = chooseCoding(req.headers.get("accept-encoding"), response.encoded);
  if (coding) headers.set("content-encoding", coding);
  // a view of the bytes, not another copy of them (a board page is ~200 KB)
  const b = coding ? response.encoded[coding]! : response.body;
  return { status: 200, headers, body: new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength) };
}

/**
 * A render's own Cache-Control when it says how long anyone may keep it (public, with a max-age
 * above 0: a README badge's minute, a versioned preview image's year): it stays what it says.
 * Anything else (a page's or the API's no-store) becomes SHARED_CACHE_CONTROL.
 */
export function ownLifetime(cacheControl: string | null): string | null {
  if (!cacheControl) return null;
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (!directives.includes("public") || directives.some((d) => d === "private" || d === "no-store")) return null;
  const maxAge = directives.find((d) => d.startsWith("max-age="));
  return maxAge && Number(maxAge.slice("max-age=".length)) > 0 ? cacheControl : null;
}

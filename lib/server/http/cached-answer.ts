import { chooseCoding, varyWithEncoding } from "./encodings";
import { SHARED_CACHE_CONTROL, STORED_ENCODING_HEADER, type CachedResponse } from "./response-cache";
import { applySecurityHeaders, cachedPageCsp } from "./security-headers";

/**
 * A visitor's read answered from a stored response: the same status, headers and bytes for every
 * visitor of a board state (a page's policy names its inline scripts' hashes, no nonce), which a
 * shared cache may keep briefly and revalidate with the ETag (SHARED_CACHE_CONTROL) — whichever
 * path sends it (proxy.ts, or the server's fast path: fast-read.ts). `csp`: the policy of an
 * answer without inline scripts of its own (none for the API: the non-page policy).
 */
export function cachedAnswer(
  response: CachedResponse,
  hit: boolean,
  req: { headers: Headers },
  opts: { csp?: string; dev: boolean; https: boolean; github: boolean; storedEncodings: boolean },
): { status: 200 | 304; headers: Headers; body: Uint8Array<ArrayBuffer> | null } {
  const headers = new Headers(response.headers);
  headers.set("etag", response.etag);
  headers.set("x-leaderboard-cache", hit ? "hit" : "miss");
  headers.set("cache-control", ownLifetime(headers.get("cache-control")) ?? SHARED_CACHE_CONTROL);
  const csp = response.scripts ? cachedPageCsp(response.scripts, opts) : opts.csp;
  applySecurityHeaders(headers, { csp, https: opts.https });
  // the identity body and its stored compressed copies are one resource's representations
  headers.set("vary", varyWithEncoding(headers.get("vary")));
  if (req.headers.get("if-none-match") === response.etag) return { status: 304, headers, body: null };
  // a stored compressed copy when the reader accepts one, its coding named in a header the
  // server's preload turns into Content-Encoding (Next.js would drop that header and compress the
  // body again: scripts/stored-encoding.mjs); without the preload, Next.js compresses per request
  const coding = opts.storedEncodings ? chooseCoding(req.headers.get("accept-encoding"), response.encoded) : null;
  if (coding) headers.set(STORED_ENCODING_HEADER, coding);
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

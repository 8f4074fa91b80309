import type { IncomingMessage, ServerResponse } from "node:http";
import { requestIdFrom } from "@/lib/server/observability";
import { FILL_NONCE_HEADER, isFill } from "../response-cache";
import { applySecurityHeaders, newNonce, pageCsp, type CspOptions } from "../security-headers";
import { headersOf } from "./node-request";

// What the front door sets on a request it hands to Next.js, and on its answer:
// - a request id, for the render's logs (instrumentation.ts onRequestError, route()) and the answer;
// - on a page: its Content-Security-Policy with a nonce the app chose — fresh for this response,
//   or, on the front door's own render of a cache entry, the entry's render nonce
//   (response-cache.ts renderNonce) — on the request, where Next.js reads it and puts it on its
//   scripts, and on the answer, with the other security headers; `x-accel-buffering: no` (a page
//   rendered for one reader streams: a proxy in front passes it on as it comes).
// Everything else gets its headers from next.config.js (a policy under which nothing runs).

/** Paths that are no page: the API, Next.js's files, previews, badges, metrics, /.well-known/ and files of public/. */
const NOT_PAGE =
  /^\/(?:api\/|_next\/|og\/|badges\/|\.well-known\/|metrics$|favicon|apple-touch-icon|icon-192\.png$|icon-512\.png$|manifest\.webmanifest$|robots\.txt$|sitemap\.xml$)/;

/** Whether a path is a page (an HTML document, or its payload for the router). */
export function isPagePath(pathname: string): boolean {
  return !NOT_PAGE.test(pathname);
}

/** The nonce of this render: the front door's own for a cache fill (validated), else a fresh one. */
function nonceFor(req: IncomingMessage, headers: Headers): string {
  const asked = headers.get(FILL_NONCE_HEADER);
  return asked && /^[A-Za-z0-9_-]{22}$/.test(asked) && isFill(headers) ? asked : newNonce();
}

/** Sets the request id, and on a page its policy and security headers, before Next.js renders. */
export function prepareRender(
  req: IncomingMessage,
  res: ServerResponse,
  { pathname, https, csp }: { pathname: string; https: boolean; csp: CspOptions },
): void {
  const headers = headersOf(req);
  const requestId = requestIdFrom(headers);
  req.headers["x-request-id"] = requestId;
  res.setHeader("x-request-id", requestId);
  delete req.headers[FILL_NONCE_HEADER];
  if (!isPagePath(pathname)) return;
  const policy = pageCsp(nonceFor(req, headers), { ...csp, https });
  // Next.js reads the nonce from the request's policy
  req.headers["content-security-policy"] = policy;
  const out = new Headers();
  applySecurityHeaders(out, { csp: policy, https });
  for (const [k, v] of out) res.setHeader(k, v);
  res.setHeader("x-accel-buffering", "no");
}

import type { IncomingMessage, ServerResponse } from "node:http";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { cacheRouteName } from "../response-cache";
import { checkOrigin, SAFE_METHODS } from "../same-site";
import { isHttps, NON_PAGE_CSP, STATIC_SECURITY_HEADERS, type CspOptions } from "../security-headers";
import { answerFromCache } from "./cached-read";
import { CLIENT_ADDRESS_HEADER, clientAddress } from "./client-address";
import { headersOf } from "./node-request";
import { isPagePath, prepareRender } from "./page-headers";
import { checkTarget } from "./request-target";
import { answerUnavailable, databaseIsDown } from "./unavailable";
import { keepSocketForAnswer } from "./unread-body";

// The app's one front door: every request the web server receives runs through frontDoor(), in
// this order (docs/architecture.md, "The front door"):
//   1. the request line   — a target over 8 KB is a 414, an absolute-form target naming another
//                            host a 400 (Node's parser has already refused bad framing, and
//                            answers 431 past maxHeaderSize);
//   2. the client address — stamped in x-client-address, which rate limits key on;
//   3. the database       — while it is unreachable, pages and the API get a 503 at once;
//   4. a cached read      — a visitor's GET the response cache holds is answered from it; a miss
//                            is rendered by Next.js through this server and stored as rendered;
//   5. page writes        — a request to a page that may change state (a form's server function)
//                            from another site is a 403 (same-site.ts, the API's rule);
//   6. body limits        — a body declared larger than any route accepts is a 413 here; a body
//                            the app stops reading keeps its socket until the answer is out;
//   7. Next.js            — with the page's Content-Security-Policy and a request id set.
// Nothing here rewrites what Next.js renders, and nothing patches Node or Next.js.

export interface FrontDoorOptions {
  /** Next.js's request handler (app.getRequestHandler()) */
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** the port this server listens on: a cache miss is rendered through it */
  port: () => number;
  /** what a page's policy depends on besides its nonce */
  csp: CspOptions;
  /** proxies in front that append to X-Forwarded-For (TRUSTED_PROXY_HOPS) */
  hops: number;
}

/** Multipart framing and form fields beside the largest file a route accepts. */
const BODY_SLACK_BYTES = 1024 * 1024;

/** The request handler of the web server. */
export function frontDoor(opts: FrontDoorOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const target = checkTarget(req);
    if (!target.ok) return refuse(res, target.status, target.message);
    req.url = target.path;
    req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req, opts.hops);
    const pathname = target.path.split("?", 1)[0];
    const https = isHttps({ url: `http://localhost${target.path}`, headers: headersOf(req) });
    if (guardedByDatabase(pathname) && (await databaseIsDown()))
      return answerUnavailable(res, { page: isPagePath(pathname), https });
    if (await answerFromCache(req, res, target.path, { port: opts.port(), csp: opts.csp })) return;
    const crossSite = crossSitePageWrite(req, pathname);
    if (crossSite) return refuse(res, 403, crossSite, hasBody(req));
    if (hasBody(req)) {
      const max = getEnv().MAX_UPLOAD_BYTES;
      if (Number(req.headers["content-length"] ?? 0) > max + BODY_SLACK_BYTES)
        return refuse(res, 413, `the request body is larger than ${max} bytes`, true);
      keepSocketForAnswer(req, res);
    }
    prepareRender(req, res, { pathname, https, csp: opts.csp });
    await opts.handle(req, res);
  };
}

/** Pages and the API wait on the database (the health probes and Next.js's files do not). */
function guardedByDatabase(pathname: string): boolean {
  if (pathname.startsWith("/api/v1/health")) return false;
  return isPagePath(pathname) || pathname.startsWith("/api/") || cacheRouteName(pathname) !== null;
}

/**
 * A write to a page (a form's server function) from another site, or riding on a session cookie
 * without saying where it comes from: refused here as the API's handlers refuse one (same-site.ts),
 * with a 403 rather than the framework's error page.
 */
function crossSitePageWrite(req: IncomingMessage, pathname: string): string | null {
  if (SAFE_METHODS.has(req.method ?? "GET") || !isPagePath(pathname)) return null;
  try {
    checkOrigin(new Request(`http://localhost${pathname}`, { method: "POST", headers: headersOf(req) }));
    return null;
  } catch (e) {
    if (e instanceof AppError) return e.message;
    throw e;
  }
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
}

/** A request refused at the door: the JSON error shape, with the headers every answer carries. */
export function refuse(res: ServerResponse, status: 400 | 403 | 413 | 414, message: string, close = false): void {
  const code = { 400: "bad_request", 403: "forbidden", 413: "payload_too_large", 414: "uri_too_long" }[status];
  res.writeHead(status, {
    ...STATIC_SECURITY_HEADERS,
    "content-security-policy": NON_PAGE_CSP,
    "content-type": "application/json",
    "cache-control": "no-store",
    ...(close ? { connection: "close" } : {}),
  });
  res.end(JSON.stringify({ error: { code, message } }));
}

// Runs before every page (and the leaderboard API, and a submission's JSON):
// - security headers, with a Content-Security-Policy whose nonce is fresh for each response
//   (Next.js puts it on its own scripts; lib/server/http/security-headers.ts) — or, on a page
//   answered from the cache, the hashes of its inline scripts (the same bytes for every visitor,
//   so a shared cache in front may keep it: SHARED_CACHE_CONTROL);
// - while the database is unreachable, a 503 with Retry-After at once (lib/server/db/health.ts);
// - leaderboard reads (GET /tasks/{b}/{t} for visitors without a session, and
//   GET /api/v1/tasks/{b}/{t}/leaderboard), the pages below a board, and a scored submission's
//   page and JSON (visitors without a session) answered from rendered responses cached per task
//   release signature (lib/server/http/response-cache.ts), kept in memory: no render; and
//   /docs/api, a function of the build, rendered once; the home page and the benchmark list,
//   under every task's signature; README badges and link-preview images.
// API routes other than these are not routed through here
// (their bodies stream to the handler untouched); next.config.js gives them their headers.
import { NextResponse, type NextRequest } from "next/server";
import { getDatabase, databaseBack, databaseHealth, RETRY_AFTER_SECONDS } from "@/lib/server/db";
import {
  cacheRouteName,
  cacheSignature,
  cachedResponse,
  FILL_HEADER,
  FILL_NONCE_HEADER,
  SHARED_CACHE_CONTROL,
  STORED_ENCODING_HEADER,
  fillNonce,
  fillRequest,
  isDocumentPath,
  isPayloadKey,
  HYDRATE_PARAM,
  hydrationAnswer,
  cachedAnswer,
  fastRead,
  type CachedResponse,
  type Pool,
  applySecurityHeaders,
  isHttps,
  newNonce,
  pageCsp,
  varyWithEncoding,
} from "@/lib/server/http";
import { log, observeCache, requestIdFrom } from "@/lib/server/observability";

// the server's preload answers cached reads before Next.js routes them (scripts/fast-reads.mjs)
if (process.env.LEADERBOARD_FAST_READS === "1")
  (globalThis as { __leaderboardFastRead?: typeof fastRead }).__leaderboardFastRead = fastRead;

const dev = process.env.NODE_ENV !== "production";
const github = Boolean(process.env.GITHUB_ID && process.env.GITHUB_SECRET);

export async function proxy(req: NextRequest) {
  const started = performance.now();
  // metrics: the ROUTES entry of a request the cache could answer (not the cache's own render)
  const cacheRoute = req.headers.has(FILL_HEADER) ? null : cacheRouteName(req.nextUrl.pathname);
  const https = isHttps(req);
  const page = isDocumentPath(req.nextUrl.pathname);
  if (databaseHealth().down && !(await databaseBack(async () => (await getDatabase()).pool.query("SELECT 1")))) {
    if (cacheRoute) observeCache(cacheRoute, "bypass");
    return unavailable(page, https);
  }
  // the proxy's own render of a cached page uses the placeholder nonce it was given
  const nonce =
    (req.headers.has(FILL_HEADER) &&
      /^[A-Za-z0-9_-]{22}$/.test(req.headers.get(FILL_NONCE_HEADER) ?? "") &&
      req.headers.get(FILL_NONCE_HEADER)) ||
    newNonce();
  const csp = page ? pageCsp(nonce, { dev, https, github }) : undefined;

  const signature = await cacheSignature(req).catch((e) => {
    log.error({ err: e, component: "leaderboard-cache" }, "passing through after an error");
    return null;
  });
  if (signature) {
    const cached = await fromCache(req, signature, csp, { dev, https, github }).catch((e) => {
      log.error({ err: e, component: "leaderboard-cache" }, "passing through after an error");
      return null;
    });
    if (cached) {
      const result = cached.headers.get("x-leaderboard-cache") === "hit" ? "hit" : "miss";
      if (cacheRoute) observeCache(cacheRoute, result, (performance.now() - started) / 1000);
      return cached;
    }
  }
  if (cacheRoute) observeCache(cacheRoute, "bypass");
  const headers = new Headers(req.headers);
  headers.delete(FILL_NONCE_HEADER);
  // one request id for the render's logs (instrumentation.ts onRequestError, route()) and the answer
  const requestId = requestIdFrom(req.headers);
  headers.set("x-request-id", requestId);
  if (csp) {
    // Next.js reads the nonce from the request's policy
    headers.set("content-security-policy", csp);
    headers.set("x-nonce", nonce);
  }
  const res = NextResponse.next({ request: { headers } });
  applySecurityHeaders(res.headers, { csp, https });
  res.headers.set("x-request-id", requestId);
  // a page rendered for this reader streams: a proxy in front passes it on as it comes (nginx
  // buffers, and may cache, only the answers from the cache below — deploy/nginx.conf)
  if (page) res.headers.set("x-accel-buffering", "no");
  return res;
}

/**
 * A visitor's request answered from the response cache: the same bytes and headers for every
 * visitor of a board state (a page's policy names its inline scripts' hashes, no nonce), which a
 * shared cache may keep briefly and revalidate with the ETag (SHARED_CACHE_CONTROL).
 */
async function fromCache(
  req: NextRequest,
  signature: { signature: string; pool: Pool; key: string },
  csp: string | undefined,
  opts: { dev: boolean; https: boolean; github: boolean },
): Promise<Response | null> {
  const url = new URL(req.url);
  // the path and the parameters its route reads: the entry, and the render that fills it
  const { key } = signature;
  const { https } = opts;
  // render through this same server (Next.js sets PORT), never through whatever host the client named
  const origin = `http://127.0.0.1:${process.env.PORT || 3000}`;
  const fill = fillRequest(key);
  const { hit, response } = await cachedResponse(key, signature, () =>
    fetch(`${origin}${fill.path}`, {
      headers: {
        ...fill.headers,
        [FILL_HEADER]: "1",
        [FILL_NONCE_HEADER]: fillNonce(key),
        accept: req.headers.get("accept") ?? "*/*",
        "x-forwarded-proto": https ? "https" : "http",
      },
      cache: "no-store",
    }),
  );
  if (response instanceof Response) {
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, { csp: response.headers.get("content-security-policy") ?? csp, https });
    return new Response(response.body, { status: response.status, headers });
  }
  // a light page's island asks for its scripts; on the API the parameter is nobody's (ignored)
  const asked = response.scripts ? url.searchParams.get(HYDRATE_PARAM) : null;
  if (asked !== null) return hydrate(response, asked, req, { hit, https });
  // a payload is no document: the non-page policy, as the fast path sends it
  const policy = isPayloadKey(key) ? undefined : csp;
  const answer = cachedAnswer(response, hit, req, { ...opts, csp: policy, storedEncodings: storedEncodings() });
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * A light page's left-out scripts (`?_hydrate=TOKEN`, asked by its island: lib/server/http/light-page.ts),
 * from the same entry as the page; a 410 when the board has moved on since the page was read.
 */
async function hydrate(
  response: CachedResponse,
  token: string,
  req: NextRequest,
  { hit, https }: { hit: boolean; https: boolean },
): Promise<Response> {
  const accept = storedEncodings() ? req.headers.get("accept-encoding") : null;
  const answer = await hydrationAnswer(response.hydration, token, accept);
  const headers = new Headers({
    "content-type": "application/json",
    "x-leaderboard-cache": hit ? "hit" : "miss",
    // the same bytes for every visitor of this board state: a shared cache may keep them
    "cache-control": answer.status === 200 ? SHARED_CACHE_CONTROL : "no-store",
    vary: varyWithEncoding(null),
  });
  if (answer.coding) headers.set(STORED_ENCODING_HEADER, answer.coding);
  applySecurityHeaders(headers, { https });
  const b = answer.body;
  return new Response(new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength), {
    status: answer.status,
    headers,
  });
}

/** Whether this server's preload turns STORED_ENCODING_HEADER into Content-Encoding (scripts/stored-encoding.mjs). */
function storedEncodings(): boolean {
  return process.env.LEADERBOARD_STORED_ENCODINGS === "1";
}

function unavailable(page: boolean, https: boolean): Response {
  const headers = new Headers({ "retry-after": String(RETRY_AFTER_SECONDS), "cache-control": "no-store" });
  applySecurityHeaders(headers, {
    https,
    csp: page
      ? "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
      : undefined,
  });
  const message = `The database is unavailable; try again in ${RETRY_AFTER_SECONDS} s.`;
  if (!page) {
    headers.set("content-type", "application/json");
    return new Response(JSON.stringify({ error: { code: "unavailable", message } }), { status: 503, headers });
  }
  headers.set("content-type", "text/html; charset=utf-8");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><title>Temporarily unavailable · Trustworthy SE Agents Leaderboard</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a}</style></head><body><h1>Temporarily unavailable</h1><p>${message} This page reloads by itself.</p></body></html>`;
  return new Response(html, { status: 503, headers });
}

export const config = {
  matcher: [
    // every page (not the API, Next.js's own files, preview images, badges or files from public/)
    "/((?!api/|_next/|og/|badges/|metrics$|favicon|apple-touch-icon|icon-192\\.png|icon-512\\.png|manifest\\.webmanifest|robots\\.txt|sitemap\\.xml).*)",
    // README badges and preview images (answered from the cache for visitors)
    "/badges/tasks/:benchmark/:task/:kind/:file",
    "/og/:path*",
    "/api/v1/tasks/:benchmark/:task/leaderboard",
    "/api/v1/tasks/:benchmark/:task/pivot",
    "/api/v1/tasks/:benchmark/:task/changelog",
    "/api/v1/tasks/:benchmark/:task/releases",
    "/api/v1/submissions/:id",
    "/api/v1/submissions/:id/instances",
    "/api/v1/submissions/:id/breakdown",
    "/api/v1/submissions/:id/length-buckets",
    "/api/v1/submissions/:id/predictions/:instance",
    "/api/v1/benchmarks",
    "/api/v1/teams/:slug",
  ],
};

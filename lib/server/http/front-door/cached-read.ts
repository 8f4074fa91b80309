import type { IncomingMessage, ServerResponse } from "node:http";
import { databaseHealth } from "@/lib/server/db";
import { log, observeCache } from "@/lib/server/observability";
import { cachedAnswer } from "../cached-answer";
import {
  cacheRouteName,
  cacheSignature,
  cachedResponse,
  fillRequest,
  fillSecret,
  FILL_HEADER,
  FILL_NONCE_HEADER,
  isFill,
} from "../response-cache";
import { applySecurityHeaders, isHttps, type CspOptions } from "../security-headers";
import { headersOf, writeAnswer } from "./node-request";

// A visitor's read answered from the response cache (lib/server/http/response-cache.ts): a GET
// without a session or token to a route the cache keeps. A fresh entry is written out at once; a
// miss is rendered by Next.js through this same server (a request to its own port, marked with
// this process's fill secret and carrying the entry's render nonce, without the visitor's cookies
// or credentials), stored as Next.js wrote it, and answered. Anything else goes on to Next.js.

export interface CachedReadContext {
  /** the port this server listens on (its own renders go there, never to a host a client named) */
  port: number;
  csp: CspOptions;
}

/**
 * Answers the request from the cache when it is a visitor's cacheable read; false when it is not
 * (or on an error: logged, and the request goes on to Next.js).
 */
export async function answerFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  ctx: CachedReadContext,
): Promise<boolean> {
  const started = performance.now();
  const pathname = path.split("?", 1)[0];
  const route = req.method === "GET" ? cacheRouteName(pathname) : null;
  if (!route) return false;
  const headers = headersOf(req);
  // the front door's own render: Next.js's to answer
  if (isFill(headers)) return false;
  const https = isHttps({ url: `http://localhost${path}`, headers });
  const signature = databaseHealth().down
    ? null
    : await cacheSignature({ method: "GET", url: `http://localhost${path}`, headers }).catch((e) => {
        log.error({ err: e, component: "leaderboard-cache" }, "passing through after an error");
        return null;
      });
  if (!signature) {
    observeCache(route, "bypass");
    return false;
  }
  const { hit, response } = await cachedResponse(signature.key, signature, (nonce) =>
    renderForCache(signature.key, nonce, { port: ctx.port, https, accept: headers.get("accept") }),
  );
  if (response instanceof Response) {
    // not kept (a 404, a redirect …): the app's answer as it rendered it, with the headers of a page
    const out = new Headers(response.headers);
    for (const h of ["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"])
      out.delete(h);
    if (!out.has("content-security-policy")) applySecurityHeaders(out, { https });
    writeAnswer(res, { status: response.status, headers: out, body: new Uint8Array(await response.arrayBuffer()) });
  } else {
    writeAnswer(res, cachedAnswer(response, hit, { headers }, { ...ctx.csp, https }));
  }
  observeCache(route, hit ? "hit" : "miss", (performance.now() - started) / 1000);
  return true;
}

/** The render of an entry by Next.js, through this server: as a visitor without cookies would get it. */
function renderForCache(
  key: string,
  nonce: string | undefined,
  { port, https, accept }: { port: number; https: boolean; accept: string | null },
): Promise<Response> {
  const fill = fillRequest(key);
  return fetch(`http://127.0.0.1:${port}${fill.path}`, {
    headers: {
      ...fill.headers,
      [FILL_HEADER]: fillSecret(),
      ...(nonce ? { [FILL_NONCE_HEADER]: nonce } : {}),
      accept: accept ?? "*/*",
      // the stored copy is compressed once, here (encodings.ts): Next.js need not compress it
      "accept-encoding": "identity",
      "x-forwarded-proto": https ? "https" : "http",
    },
    cache: "no-store",
    redirect: "manual",
  });
}

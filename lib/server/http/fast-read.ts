import type { IncomingMessage, ServerResponse } from "node:http";
import { databaseHealth } from "@/lib/server/db";
import { observeCache } from "@/lib/server/observability";
import { cachedAnswer } from "./cached-answer";
import { HYDRATE_PARAM } from "./light-page";
import {
  cacheRouteName,
  cacheSignature,
  isDocumentPath,
  isPayloadKey,
  STORED_ENCODING_HEADER,
  storedResponse,
} from "./response-cache";
import { isHttps } from "./security-headers";

// The fast path of a visitor's cached read. Every request the response cache can answer still
// went through Next.js's routing and its proxy (NextRequest, headers, a Response piped back):
// about half a millisecond of the one core a Node process has, so a cached 50-row API answer
// was 3× a static file of the same server. The server's preload (scripts/fast-reads.mjs) asks
// this first, with Node's own request: a GET the cache holds fresh under its current signature
// is written out at once — the same status, headers and bytes the proxy would send
// (cached-answer.ts). Anything else — a miss, a render under way, a session, the database down,
// a light page's `?_hydrate=` — goes the long way, unchanged.

const dev = process.env.NODE_ENV !== "production";
const github = Boolean(process.env.GITHUB_ID && process.env.GITHUB_SECRET);

/** Node's request headers as a Headers (repeated ones joined, as fetch does). */
function headersOf(req: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === "string") h.set(k, v);
    else if (Array.isArray(v)) for (const x of v) h.append(k, x);
  }
  return h;
}

/** Answers a visitor's read from the cache if it holds it fresh; false: the request goes on to Next.js. */
export async function fastRead(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const started = performance.now();
  if (req.method !== "GET" || !req.url?.startsWith("/")) return false;
  const route = cacheRouteName(req.url.split("?", 1)[0]);
  if (!route || databaseHealth().down) return false;
  const headers = headersOf(req);
  const url = `http://${headers.get("host") ?? "localhost"}${req.url}`;
  // a light page's `?_hydrate=` goes the long way (proxy.ts answers it from the same entry)
  const document = isDocumentPath(req.url.split("?", 1)[0]);
  if (document && new URL(url).searchParams.has(HYDRATE_PARAM)) return false;
  const signature = await cacheSignature({ method: "GET", url, headers });
  const response = signature && storedResponse(signature.key, signature);
  // a page without inline scripts of its own would need a per-request nonce: the long way (the
  // API, badges, images and a page's payload for the router are no documents: the non-page policy)
  if (!response) return false;
  if (!response.scripts && document && !isPayloadKey(signature.key)) return false;
  const answer = cachedAnswer(
    response,
    true,
    { headers },
    { dev, github, https: isHttps({ url, headers }), storedEncodings: true },
  );
  const out: string[] = [];
  for (const [k, v] of answer.headers) out.push(k === STORED_ENCODING_HEADER ? "content-encoding" : k, v);
  res.writeHead(answer.status, out);
  res.end(answer.body ?? undefined);
  observeCache(route, "hit", (performance.now() - started) / 1000);
  return true;
}

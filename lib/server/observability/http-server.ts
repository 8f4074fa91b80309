// The web server's own view of every request — pages rendered by Next.js, pages the front door
// answers from the response cache, the API, static files — timed from the request's first byte to
// the end of its answer through Node's HTTP diagnostics channels, and labelled with Next.js's
// route pattern: the build's routes manifest (.next/routes-manifest.json, the table Next.js routes
// with, static routes first, then dynamic ones most specific first). instrumentation.ts
// subscribes once per web process.
import dc from "node:diagnostics_channel";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { observeServerRequest } from "./metrics";

interface ManifestRoute {
  page: string;
  regex: string;
}
interface Matcher {
  page: string;
  re: RegExp;
}

/** Requests the proxy sends itself to fill the response cache: timed as the miss that asked. */
const FILL_HEADER = "x-leaderboard-cache-fill";
const RSC_SUFFIX = /(?:\.segments\/.*|\.segment\.rsc|\.prefetch\.rsc|\.rsc)$/;
/** Label of a path no route of the app answers (a 404, a file of public/). */
export const UNMATCHED = "unmatched";

const g = globalThis as unknown as {
  __httpServerMetrics?: { routes: Matcher[] | null; loadedAt: number; mtime: number };
};

/** The routes manifest a `next build` (or `next dev`) wrote under .next, or null. */
function manifestFile(): string | null {
  for (const f of [".next/routes-manifest.json", ".next/dev/routes-manifest.json"]) {
    const p = path.resolve(/*turbopackIgnore: true*/ process.cwd(), f);
    if (fs.existsSync(p)) return p;
  }
  return null;
}

/**
 * Next.js's route table: read once, and again when the file changes (checked at most every 30 s:
 * `next dev` adds routes as it compiles them).
 */
function nextRoutes(): Matcher[] | null {
  const s = (g.__httpServerMetrics ??= { routes: null, loadedAt: 0, mtime: 0 });
  if (Date.now() - s.loadedAt < 30_000) return s.routes;
  s.loadedAt = Date.now();
  try {
    const file = manifestFile();
    if (!file) return (s.routes = null);
    const mtime = fs.statSync(/*turbopackIgnore: true*/ file).mtimeMs;
    if (s.routes && mtime === s.mtime) return s.routes;
    const m = JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as {
      staticRoutes?: ManifestRoute[];
      dynamicRoutes?: ManifestRoute[];
    };
    s.mtime = mtime;
    s.routes = [...(m.staticRoutes ?? []), ...(m.dynamicRoutes ?? [])].map((r) => ({
      page: r.page,
      re: new RegExp(r.regex),
    }));
  } catch {
    s.routes = null;
  }
  return s.routes;
}

/**
 * The route pattern of a path: Next.js's (`/tasks/[benchmark]/[task]`), `/_next/static` and the
 * like for Next.js's own files, else `fallback`'s answer, else "unmatched".
 */
export function serverRouteOf(pathname: string, fallback?: (pathname: string) => string | null): string {
  if (pathname.startsWith("/_next/")) return `/_next/${pathname.split("/")[2] ?? ""}`;
  // a page's RSC payload asked for by suffix (/tasks/a/b.rsc, …/b.segments/…): the page's route
  const rsc = RSC_SUFFIX.exec(pathname);
  if (rsc) pathname = pathname.slice(0, rsc.index).replace(/^\/index$/, "") || "/";
  for (const r of nextRoutes() ?? []) if (r.re.test(pathname)) return r.page;
  return fallback?.(pathname) ?? UNMATCHED;
}

/**
 * Times every request of every HTTP server of this process into
 * http_server_request_duration_seconds{method,route,status}. Idempotent. `fallback` labels paths
 * Next.js's manifest does not (no build yet, in tests): the response cache's ROUTES names.
 */
export function observeHttpServer(fallback?: (pathname: string) => string | null): void {
  const s = globalThis as unknown as { __httpServerObserved?: boolean };
  if (s.__httpServerObserved) return;
  s.__httpServerObserved = true;
  const started = new WeakMap<http.ServerResponse, number>();
  dc.subscribe("http.server.request.start", (msg) => {
    const { request, response } = msg as { request: http.IncomingMessage; response: http.ServerResponse };
    if (request.headers[FILL_HEADER]) return;
    started.set(response, performance.now());
  });
  dc.subscribe("http.server.response.finish", (msg) => {
    const { request, response } = msg as { request: http.IncomingMessage; response: http.ServerResponse };
    const t0 = started.get(response);
    if (t0 === undefined) return;
    started.delete(response);
    let pathname = "";
    try {
      pathname = new URL(request.url ?? "/", "http://x").pathname;
    } catch {
      // a request line no URL parser takes: "unmatched"
    }
    observeServerRequest(
      request.method ?? "GET",
      serverRouteOf(pathname, fallback),
      response.statusCode,
      (performance.now() - t0) / 1000,
    );
  });
}

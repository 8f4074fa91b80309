// Errors Next.js reports from rendering a page, a route handler, a server action or the proxy
// (instrumentation.ts onRequestError): one log line with the request id — the one the front door put on
// the request and its answer (X-Request-Id), or the API request's own — the route pattern and the
// digest the error page shows, and request_errors_total{route,type}. The path is not logged (an
// invitation's path is its token); the route pattern is.
import { currentRequest, requestIdFrom } from "./context";
import { log } from "./log";
import { metrics } from "./metrics";

export interface RequestErrorInfo {
  request: { method: string; headers: NodeJS.Dict<string | string[]> };
  context: { routePath: string; routeType: string; renderSource?: string; routerKind?: string };
}

/** The request id of a request Next.js reports on: its X-Request-Id when well-formed, else this context's, else null. */
export function requestIdOf(headers: NodeJS.Dict<string | string[]>): string | null {
  const raw = headers["x-request-id"];
  const sent = Array.isArray(raw) ? raw[0] : raw;
  if (sent) {
    const id = requestIdFrom(new Headers({ "x-request-id": sent }));
    if (id === sent) return id;
  }
  return currentRequest()?.requestId ?? null;
}

export function recordRequestError(err: unknown, { request, context }: RequestErrorInfo): void {
  const requestId = requestIdOf(request.headers);
  const digest =
    err && typeof err === "object" && typeof (err as { digest?: unknown }).digest === "string"
      ? (err as { digest: string }).digest
      : undefined;
  log.error(
    {
      err,
      requestId,
      route: context.routePath,
      method: request.method,
      routeType: context.routeType,
      renderSource: context.renderSource,
      digest,
    },
    "request failed",
  );
  metrics().errors.inc({ route: context.routePath || "unknown", type: context.routeType || "unknown" });
}

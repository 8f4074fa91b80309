import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

/** What every log line of a request carries. */
export interface RequestContext {
  requestId: string;
  method: string;
  route: string;
}

const g = globalThis as unknown as { __requestContext?: AsyncLocalStorage<RequestContext> };
const als = (g.__requestContext ??= new AsyncLocalStorage<RequestContext>());

export function runWithRequest<T>(ctx: RequestContext, fn: () => Promise<T>): Promise<T> {
  return als.run(ctx, fn);
}

export function currentRequest(): RequestContext | undefined {
  return als.getStore();
}

/** A request id: the one a trusted proxy sent (X-Request-Id, a short token), else a new one. */
export function requestIdFrom(headers: Headers): string {
  const sent = headers.get("x-request-id");
  return sent && /^[A-Za-z0-9._:-]{8,64}$/.test(sent) ? sent : crypto.randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Path segments after which a segment is a value, not a name. */
const VALUE_AFTER = new Set([
  "instances",
  "predictions",
  "members",
  "invitations",
  "teams",
  "releases",
  "tokens",
  "submissions",
  "jobs",
]);

/**
 * A request path as a route pattern for metrics (bounded labels): ids and values become
 * placeholders; task and benchmark slugs stay (there are few). Only a fallback: route() labels a
 * request with the route pattern Next.js matched (lib/server/http/route.ts), and a handler called
 * outside Next.js (tests, scripts) with this.
 * @example routePattern("/api/v1/submissions/3f0c…/instances/django__django-1") // "/api/v1/submissions/:id/instances/:value"
 */
export function routePattern(pathname: string): string {
  const parts = pathname.split("/");
  return parts
    .map((p, i) => {
      if (!p) return p;
      if (UUID.test(p)) return ":id";
      if (
        VALUE_AFTER.has(parts[i - 1] ?? "") &&
        ![
          "instances",
          "predictions",
          "submissions",
          "releases",
          "changelog",
          "compare",
          "leaderboard",
          "submit",
        ].includes(p)
      )
        return ":value";
      if (p.length > 40 || /^\d+$/.test(p)) return ":value";
      return p;
    })
    .join("/")
    .slice(0, 120);
}

import type { ZodType } from "zod";
import { AppError } from "@/lib/errors";
import { resolveActor, type Actor } from "@/lib/server/auth";
import { errorResponse } from "./error-response";
import { checkOrigin, SAFE_METHODS } from "./same-site";
import { MAX_JSON_BYTES, readGuarded } from "./body";
import { observeRequest, requestIdFrom, routePattern, runWithRequest, serverRouteOf } from "@/lib/server/observability";

type Access = "public" | "member" | "admin";

interface Ctx<P, B, Q, A extends Access> {
  req: Request;
  params: P;
  /** the JSON body parsed by `opts.body` (undefined without one) */
  body: B;
  /** the query string parsed by `opts.query` (empty values left out; undefined without one) */
  query: Q;
  /** who calls: never null on member and admin routes (the wrapper refused them already) */
  actor: A extends "public" ? Actor | null : Actor;
  url: URL;
}

/**
 * The wrapper every route handler goes through: resolves the API token or session, checks the
 * access level, parses route params, the JSON body and the query with zod (a failure is a 422
 * naming the field) and maps every error to the JSON error shape.
 */
export function route<A extends Access, P = Record<string, never>, B = undefined, Q = undefined>(
  opts: {
    access: A;
    params?: ZodType<P>;
    body?: ZodType<B>;
    query?: ZodType<Q>;
    /** the route pattern its logs and metrics name (default: the one Next.js routed the request by) */
    name?: string;
  },
  handler: (ctx: Ctx<P, B, Q, A>) => Promise<Response>,
) {
  return (incoming: Request, context: { params: Promise<unknown> }) => {
    const started = performance.now();
    const ctx = {
      requestId: requestIdFrom(incoming.headers),
      method: incoming.method,
      route: opts.name ?? routeName(incoming),
    };
    return runWithRequest(ctx, async () => {
      const res = await handle(incoming, context);
      try {
        res.headers.set("x-request-id", ctx.requestId);
      } catch {
        // immutable headers (a redirect)
      }
      observeRequest(ctx.method, ctx.route, res.status, (performance.now() - started) / 1000);
      return res;
    });
  };

  async function handle(incoming: Request, context: { params: Promise<unknown> }): Promise<Response> {
    let res: Response;
    try {
      checkOrigin(incoming);
      const actor = await resolveActor(incoming);
      if (opts.access !== "public" && !actor) throw new AppError("unauthorized", "sign in or send an API token");
      if (opts.access === "admin" && !actor?.isAdmin) throw new AppError("forbidden", "admins only");
      const raw = (await context?.params) ?? {};
      const params = opts.params ? opts.params.parse(raw) : (raw as P);
      const req = await boundedBody(incoming);
      const url = new URL(req.url);
      const body = opts.body ? opts.body.parse(await jsonBody(req)) : (undefined as B);
      const query = opts.query
        ? opts.query.parse(Object.fromEntries([...url.searchParams].filter(([, v]) => v !== "")))
        : (undefined as Q);
      res = await handler({ req, params, body, query, actor: actor as Ctx<P, B, Q, A>["actor"], url });
    } catch (e) {
      res = errorResponse(e);
    }
    // nothing an API answers is stored by a shared cache unless the handler says so (a private
    // submission's JSON, a team's tokens, …)
    if (!res.headers.has("cache-control")) {
      try {
        res.headers.set("cache-control", "private, no-store");
      } catch {
        // immutable headers (a redirect): leave them
      }
    }
    return res;
  }
}

/**
 * The route pattern of the handler answering this request, for logs and metrics: the one Next.js
 * routes it by, from the build's routes manifest (app/api/v1/submissions/[id]/route.ts →
 * /api/v1/submissions/[id]); without a build (tests and scripts calling a handler), the path with
 * its ids folded (routePattern).
 */
function routeName(req: Request): string {
  const { pathname } = new URL(req.url);
  return serverRouteOf(pathname, () => routePattern(pathname));
}

/**
 * A request whose body is not a multipart upload (those stream under their own limits,
 * lib/server/http/multipart.ts) is read here, under the JSON limit and the body timeouts of
 * lib/server/http/body.ts, and handed on as a request with that body.
 */
async function boundedBody(req: Request): Promise<Request> {
  if (!req.body || SAFE_METHODS.has(req.method)) return req;
  if ((req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return req;
  const body = await readGuarded(req, { maxBytes: MAX_JSON_BYTES, what: "the request body" });
  return new Request(req.url, { method: req.method, headers: req.headers, body: body as BodyInit });
}

/** The request's JSON body: {} when there is none. @throws AppError validation_failed when it is not JSON */
async function jsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation_failed", "the request body is not valid JSON", {
      problemCount: 1,
      problems: [{ field: "body", message: "not valid JSON", expected: "a JSON object" }],
    });
  }
}

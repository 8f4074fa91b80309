import type { ZodType } from "zod";
import { AppError } from "@/lib/errors";
import { hasSessionCookie, resolveActor, type Actor } from "./actor";
import { errorResponse } from "./error-response";

type Access = "public" | "member" | "admin";

interface Ctx<P> {
  req: Request;
  params: P;
  actor: Actor | null;
  url: URL;
}

/**
 * The wrapper every route handler goes through: resolves the API token or session, checks the
 * access level, parses route params with zod and maps every error to the JSON error shape.
 */
export function route<P = Record<string, never>>(
  opts: { access: Access; params?: ZodType<P> },
  handler: (ctx: Ctx<P>) => Promise<Response>,
) {
  return async (req: Request, context: { params: Promise<unknown> }) => {
    try {
      checkOrigin(req);
      const actor = await resolveActor(req);
      if (opts.access !== "public" && !actor) throw new AppError("unauthorized", "sign in or send an API token");
      if (opts.access === "admin" && !actor?.isAdmin) throw new AppError("forbidden", "admins only");
      const raw = (await context?.params) ?? {};
      const params = opts.params ? opts.params.parse(raw) : (raw as P);
      return await handler({ req, params, actor, url: new URL(req.url) });
    } catch (e) {
      return errorResponse(e);
    }
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin a request was sent to (behind a proxy: the host it forwarded). */
function ownHost(req: Request): string | null {
  return req.headers.get("x-forwarded-host") ?? req.headers.get("host") ?? new URL(req.url).host;
}

/**
 * Cross-site request forgery: a request that changes state and rides on a session cookie must
 * come from a page of this site — `Sec-Fetch-Site: same-origin`, or an `Origin` naming this host.
 * Token callers (no cookie) are not affected; a foreign Origin is refused whoever sends it.
 * @throws AppError forbidden
 */
export function checkOrigin(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const site = req.headers.get("sec-fetch-site");
  const origin = req.headers.get("origin");
  let originHost: string | null = null;
  if (origin && origin !== "null") {
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = "invalid";
    }
  }
  const foreignOrigin = origin !== null && originHost !== ownHost(req);
  const crossSite = site !== null && site !== "same-origin" && site !== "none";
  if (foreignOrigin || crossSite) throw new AppError("forbidden", "cross-site request refused: this request must come from a page of this site");
  const cookieAuth = !req.headers.get("authorization") && hasSessionCookie(req.headers.get("cookie"));
  if (cookieAuth && site !== "same-origin" && originHost === null) {
    throw new AppError("forbidden", "a signed-in request that changes something must carry an Origin or Sec-Fetch-Site header from this site (or use an API token)");
  }
}

import type { ZodType } from "zod";
import { AppError } from "@/lib/errors";
import { resolveActor, type Actor } from "./actor";
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

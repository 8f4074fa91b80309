// Cross-site request forgery, for the API's handlers (route.ts) and the front door's page writes
// (the pages' forms are server functions): a request that changes state and rides on a session
// cookie must come from a page of this site; signing in or up must, cookie or not.
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { hasSessionCookie } from "@/lib/server/auth/session-cookie";

/** Methods that change nothing, so no origin check. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The host a request was sent to: its Host header; behind TRUSTED_PROXY_HOPS proxies, the
 * X-Forwarded-Host the outermost of them set (the N-th entry from the right, as with the client
 * address). Without a proxy the header is the client's own word, and a forged one would let a
 * foreign Origin pass as this site.
 */
export function ownHost(req: Request): string | null {
  return hostOf(req.headers) ?? new URL(req.url).host;
}

/** ownHost from the headers alone (null without a Host header). */
function hostOf(headers: Headers): string | null {
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  const forwarded = (headers.get("x-forwarded-host") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops > 0 && forwarded.length) return forwarded[Math.max(0, forwarded.length - hops)];
  return headers.get("host");
}

/** The host an Origin header names: null without one (or "null"), "invalid" when it is not a URL. */
function originHostOf(headers: Headers): string | null {
  const origin = headers.get("origin");
  if (!origin || origin === "null") return null;
  try {
    return new URL(origin).host;
  } catch {
    return "invalid";
  }
}

/**
 * Stricter than checkOrigin, for the writes that matter before there is a session — signing in
 * or up (a sign-in forged into a visitor's browser would make them work in the forger's account):
 * the request must say it comes from this site, `Sec-Fetch-Site: same-origin` or an `Origin`
 * naming this host, cookie or not.
 * @throws AppError forbidden
 */
export function requireSameSite(headers: Headers): void {
  if (headers.get("sec-fetch-site") === "same-origin") return;
  const host = originHostOf(headers);
  if (host !== null && host === hostOf(headers)) return;
  throw new AppError("forbidden", "this form must be sent from a page of this site");
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
  const originHost = originHostOf(req.headers);
  const foreignOrigin = origin !== null && originHost !== ownHost(req);
  const crossSite = site !== null && site !== "same-origin" && site !== "none";
  if (foreignOrigin || crossSite)
    throw new AppError("forbidden", "cross-site request refused: this request must come from a page of this site");
  const cookieAuth = !req.headers.get("authorization") && hasSessionCookie(req.headers.get("cookie"));
  if (cookieAuth && site !== "same-origin" && originHost === null) {
    throw new AppError(
      "forbidden",
      "a signed-in request that changes something must carry an Origin or Sec-Fetch-Site header from this site (or use an API token)",
    );
  }
}

// Cross-site request forgery, for the API's handlers (route.ts) and the front door's page writes
// (the account page's forms are server functions): a request that changes state and rides on a
// session cookie must come from a page of this site.
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
  const hops = getEnv().TRUSTED_PROXY_HOPS;
  const forwarded = (req.headers.get("x-forwarded-host") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops > 0 && forwarded.length) return forwarded[Math.max(0, forwarded.length - hops)];
  return req.headers.get("host") ?? new URL(req.url).host;
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

// Browser security headers (docs/security.md "Headers"). Pages get a Content-Security-Policy whose
// nonce the app chose — fresh per response for a render made for one reader, the render's own for
// a page answered from the response cache (renderNonce) — set by the server's front door
// (scripts/server.ts; Next.js puts the nonce on its own scripts). Nothing in a policy is ever read
// from a page. Everything else (API, images, files) gets a policy that allows nothing to run. The
// headers that do not vary are in next.config.js for every path, and repeated here for the
// responses the front door writes itself (cached reads, the 503 page).

/** Headers every response carries. */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "cross-origin-opener-policy": "same-origin",
};

/** The policy of responses that are not pages: nothing runs, nothing frames them. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** HSTS (sent only over HTTPS: a browser ignores it over HTTP, and a plain-HTTP dev server must not be pinned). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** A fresh, unguessable nonce (128 bits, base64url: nothing in it is escaped in HTML or JSON). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
}

/** What a page's policy depends on besides its nonce: the process's mode and the request's scheme. */
export interface CspOptions {
  dev?: boolean;
  https?: boolean;
  github?: boolean;
}

/**
 * A page's policy: scripts only by nonce (and what they load: 'strict-dynamic'), no plugins, no
 * framing, forms only to this site (and GitHub's sign-in when it is configured). Styles may be
 * inline (charts position labels with style attributes); that runs no script.
 */
export function pageCsp(nonce: string, opts: CspOptions = {}): string {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) throw new Error("a page's nonce is 16–64 base64url characters");
  const script = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, ...(opts.dev ? [`'unsafe-eval'`] : [])].join(" ");
  return [
    `default-src 'self'`,
    `script-src ${script}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'${opts.github ? " https://github.com" : ""}`,
    `frame-ancestors 'none'`,
    ...(opts.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Whether the client reached us over HTTPS (directly, or through a proxy that says so). */
export function isHttps(req: { url: string; headers: Headers }): boolean {
  if (new URL(req.url).protocol === "https:") return true;
  return (req.headers.get("x-forwarded-proto") ?? "").split(",")[0].trim().toLowerCase() === "https";
}

/** Sets the security headers on a response's headers (a page's policy when csp is given). */
export function applySecurityHeaders(headers: Headers, opts: { csp?: string; https: boolean }): void {
  for (const [k, v] of Object.entries(STATIC_SECURITY_HEADERS)) headers.set(k, v);
  headers.set("content-security-policy", opts.csp ?? NON_PAGE_CSP);
  if (opts.https) headers.set("strict-transport-security", HSTS);
}

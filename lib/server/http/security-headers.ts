// Browser security headers (docs/security.md "Headers"). Pages get a Content-Security-Policy with
// a fresh nonce per response, set by proxy.ts (Next.js puts the nonce on its own scripts);
// everything else (API, images, files) gets a policy that allows nothing to run. The headers that
// do not vary are in next.config.js for every path, and repeated here for the responses the
// proxy writes itself (cached leaderboards, the 503 page).

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

/**
 * A page's policy: scripts only by nonce (and what they load: 'strict-dynamic'), no plugins, no
 * framing, forms only to this site (and GitHub's sign-in when it is configured). Styles may be
 * inline (charts position labels with style attributes); that runs no script.
 */
export function pageCsp(nonce: string, opts: { dev?: boolean; https?: boolean; github?: boolean } = {}): string {
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

/**
 * The policy of a page answered from the response cache, the same for every visitor: scripts from
 * this site and the page's own inline scripts by hash — not by nonce, which would make each answer
 * different bytes no shared cache could keep. An injected inline script matches no hash and does
 * not run; no 'strict-dynamic' (it would ignore 'self', which the page's chunks load from).
 */
export function cachedPageCsp(
  scriptHashes: readonly string[],
  opts: { dev?: boolean; https?: boolean; github?: boolean } = {},
): string {
  return pageCsp("", opts).replace(
    /script-src [^;]*/,
    `script-src ${[`'self'`, ...scriptHashes, ...(opts.dev ? [`'unsafe-eval'`] : [])].join(" ")}`,
  );
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

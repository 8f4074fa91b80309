import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module without types
import nextConfigModule from "@/next.config.js";
import type { NextConfig } from "next";
import { NON_PAGE_CSP, pageCsp, STATIC_SECURITY_HEADERS } from "./security-headers";

const nextConfig = nextConfigModule as NextConfig;

describe("security headers", () => {
  it("next.config.js and the front door send the same values", async () => {
    const rules = (await nextConfig.headers!()) as {
      source: string;
      headers: { key: string; value: string }[];
      has?: unknown;
    }[];
    const all = Object.fromEntries(
      rules.find((r) => r.source === "/:path*" && !r.has)!.headers.map((h) => [h.key.toLowerCase(), h.value]),
    );
    expect(all).toEqual(STATIC_SECURITY_HEADERS);
    const api = rules
      .find((r) => r.source === "/api/:path*")!
      .headers.find((h) => h.key === "Content-Security-Policy")!.value;
    expect(api).toBe(NON_PAGE_CSP);
  });
  it("a page's policy runs scripts by nonce only", () => {
    const n = "abcdefghijklmnopqrstuv";
    const csp = pageCsp(n, {});
    const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toBe(`script-src 'self' 'nonce-${n}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(pageCsp(n, { https: true })).toContain("upgrade-insecure-requests");
    expect(pageCsp(n, { github: true })).toContain("form-action 'self' https://github.com");
  });
});

describe("a cached page's policy", () => {
  it("names the nonce the app rendered the page with, never anything in the page: an injected script is refused", async () => {
    const { cachedResponse, renderNonce } = await import("./response-cache");
    const { cachedAnswer } = await import("./cached-answer");
    const key = "/tasks/bouncerbench/input?sort=F_m";
    const signature = `sig-${Math.random()}`;
    let asked: string | undefined;
    // a render whose body carries scripts the app never wrote: in the text, in an attribute, one
    // claiming a nonce of its own
    const injected = [
      "<script>alert(7)</script>",
      '<div title="</title><script>alert(8)</script>"></div>',
      '<script nonce="forged">alert(9)</script>',
    ].join("");
    const { response } = await cachedResponse(key, { signature, pool: "boards" }, async (nonce) => {
      asked = nonce;
      const html = `<!DOCTYPE html><html><head><title>x</title></head><body><script nonce="${nonce}">self.app=1</script>${injected}</body></html>`;
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
    });
    if (response instanceof Response) throw new Error("not kept");
    expect(asked).toBe(renderNonce(key, signature));
    const answer = cachedAnswer(response, false, { headers: new Headers() }, { https: false });
    const csp = answer.headers.get("content-security-policy")!;
    const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toBe(`script-src 'self' 'nonce-${asked}' 'strict-dynamic'`);
    expect(script).not.toMatch(/unsafe-inline/);
    expect(csp).not.toMatch(/sha256|forged/);
    // the bytes are the render's, untouched
    expect(Buffer.from(answer.body!).toString()).toContain(injected);
    // another board state is another nonce; a key's nonce cannot be computed without the secret
    expect(renderNonce(key, `${signature}x`)).not.toBe(asked);
    expect(asked).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
  it("refuses a nonce that is not base64url (nothing can break out of the header)", () => {
    expect(() => pageCsp("abc'; script-src *", {})).toThrow();
    expect(() => pageCsp("", {})).toThrow();
  });
});

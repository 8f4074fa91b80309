import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module without types
import nextConfigModule from "@/next.config.js";
import type { NextConfig } from "next";
import { NON_PAGE_CSP, pageCsp, STATIC_SECURITY_HEADERS } from "./security-headers";

const nextConfig = nextConfigModule as NextConfig;

describe("security headers", () => {
  it("next.config.js and proxy.ts send the same values", async () => {
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
    const csp = pageCsp("abc", {});
    const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(pageCsp("abc", { https: true })).toContain("upgrade-insecure-requests");
    expect(pageCsp("abc", { github: true })).toContain("form-action 'self' https://github.com");
  });
});

describe("a cached page's policy", () => {
  it("lists its inline scripts by hash (as openssl computes them), never a nonce, nor a script with src", async () => {
    const { inlineScriptHashes } = await import("./response-cache");
    const { cachedPageCsp } = await import("./security-headers");
    const html =
      '<script nonce="x">alert(1)</script><script src="/_next/a.js" nonce="x"></script><script>alert(1)</script>' +
      '<SCRIPT type="module">é</SCRIPT >';
    // printf 'alert(1)' | openssl dgst -sha256 -binary | base64 ; and the UTF-8 bytes of "é"
    const hashes = inlineScriptHashes(html);
    expect(hashes).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      `'sha256-${Buffer.from(
        (await import("node:crypto"))
          .createHash("sha256")
          .update(Buffer.from([0xc3, 0xa9]))
          .digest(),
      ).toString("base64")}'`,
    ]);
    const csp = cachedPageCsp(hashes, { https: true });
    const script = csp.split("; ").find((d) => d.startsWith("script-src"))!;
    expect(script).toBe(`script-src 'self' ${hashes.join(" ")}`);
    expect(script).not.toMatch(/nonce|unsafe-inline|strict-dynamic/);
    // the rest of the page policy is unchanged
    expect(csp.replace(script, "")).toBe(pageCsp("n", { https: true }).replace(/script-src [^;]*/, ""));
  });
});

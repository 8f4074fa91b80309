// Signing in or up must come from a page of this site, session cookie or not (login CSRF):
// requireSameSite, which the sign-in and sign-up server functions call (app/signin/auth-actions.ts).
import { describe, expect, it } from "vitest";
import { requireSameSite } from "./same-site";

const refused = (h: Record<string, string>) => {
  try {
    requireSameSite(new Headers({ host: "board.example", ...h }));
    return "passed";
  } catch (e) {
    return (e as Error).message;
  }
};

describe("requireSameSite", () => {
  it("passes a browser's post from this site: Sec-Fetch-Site same-origin, or an Origin naming this host", () => {
    expect(refused({ "sec-fetch-site": "same-origin" })).toBe("passed");
    expect(refused({ origin: "https://board.example" })).toBe("passed");
  });
  it("refuses one from elsewhere, and one that does not say where it comes from (no cookie needed)", () => {
    const msg = "this form must be sent from a page of this site";
    expect(refused({ "sec-fetch-site": "cross-site", origin: "https://evil.example" })).toBe(msg);
    expect(refused({ "sec-fetch-site": "same-site" })).toBe(msg);
    expect(refused({ origin: "https://evil.example" })).toBe(msg);
    expect(refused({ origin: "null" })).toBe(msg);
    expect(refused({ origin: "not a url" })).toBe(msg);
    expect(refused({})).toBe(msg);
  });
});

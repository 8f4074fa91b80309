import { describe, expect, it } from "vitest";
import { hasSessionCookie } from "./actor";

describe("hasSessionCookie", () => {
  it.each([
    ["next-auth.session-token=abc", true],
    ["a=1; __Secure-next-auth.session-token=abc", true],
    ["next-auth.session-token.0=abc; next-auth.session-token.1=def", true],
    ["next-auth.csrf-token=abc; next-auth.callback-url=x", false],
    ["my-next-auth.session-token=abc", false],
    ["", false],
  ])("%s → %s", (header, want) => expect(hasSessionCookie(header)).toBe(want));
  it("no header: no session", () => expect(hasSessionCookie(null)).toBe(false));
});

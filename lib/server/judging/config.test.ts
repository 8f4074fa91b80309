import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { verdictKey, verdictScope } from "./config";

describe("whose verdict cache a comment shares", () => {
  it("everyone's on a public release: the key is the one stored before scopes existed", () => {
    expect(verdictScope(false, "t1", "u1")).toBe("");
    const old = crypto.createHash("sha256").update("i\u0000m\u0000t\u0000p").digest("hex");
    expect(verdictKey("i", "m", "t", "p", verdictScope(false, "t1", "u1"))).toBe(old);
  });
  it("a team's own on a hidden release: two teams never share a verdict, one team's uploads do", () => {
    const a = verdictKey("i", "m", "t", "p", verdictScope(true, "team-a", "u1"));
    const b = verdictKey("i", "m", "t", "p", verdictScope(true, "team-b", "u2"));
    expect(a).not.toBe(b);
    expect(a).toBe(verdictKey("i", "m", "t", "p", verdictScope(true, "team-a", "u9")));
    expect(a).not.toBe(verdictKey("i", "m", "t", "p"));
    // without a team (an admin's upload): the uploader's own
    expect(verdictScope(true, null, "u1")).toBe("user:u1");
  });
});

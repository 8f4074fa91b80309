// Contracts are the one home for shapes (issue 37): every API handler that answers JSON does so
// through respond() with a schema from lib/contracts — never Response.json or NextResponse.json —
// and the handlers that answer no JSON body at all are named here, each with why.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Route files that answer no JSON of their own: what they answer instead. */
const NO_JSON: Record<string, string> = {
  // NextAuth's own handlers answer its JSON; the route's own refusal (rate limits) goes through respond()
  "app/api/v1/admin/submissions/[id]/route.ts": "DELETE: 204, no body",
  "app/api/v1/admin/snapshots/[id]/route.ts": "DELETE: 204, no body",
  "app/api/v1/tokens/[id]/route.ts": "DELETE: 204, no body",
  "app/api/v1/snapshots/[id]/eee/route.ts": "a file of the snapshot (bytes as stored, their SHA-256 in the manifest)",
  "app/api/v1/snapshots/[id]/files/[name]/route.ts": "a file of the snapshot (bytes as stored)",
};

function routes(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routes(p) : e.name === "route.ts" ? [p] : [];
  });
}

describe("API handlers answer through their contracts", () => {
  const files = routes("app/api").map((f) => f.split(path.sep).join("/"));

  it("every route that answers JSON calls respond(), and none builds JSON by hand", () => {
    const bare = files.filter((f) => !(f in NO_JSON) && !fs.readFileSync(f, "utf8").includes("respond("));
    expect(files.length).toBeGreaterThan(40);
    expect(bare).toEqual([]);
    const byHand = files.filter((f) => /\b(Response|NextResponse)\.json\(/.test(fs.readFileSync(f, "utf8")));
    expect(byHand).toEqual([]);
  });

  it("the exemptions are real routes that indeed answer no JSON", () => {
    for (const f of Object.keys(NO_JSON)) {
      expect(files, f).toContain(f);
      expect(fs.readFileSync(f, "utf8"), f).not.toContain("respond(");
    }
  });
});

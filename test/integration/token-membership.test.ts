// Access ends with membership (issue 16): every use of an API token re-checks the membership and
// role it acts with, and a member of several teams creates tokens for any of them — through the
// real route handlers on a real PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken, createUserWithTeam } from "@/lib/server/auth";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { apiCall, uploadFile } from "../helpers/requests";

let db: TestDatabase;
const ids = Object.keys(
  JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
);

const call = (method: string, url: string, token: string, body?: unknown) => apiCall(method, url, { token, body });

const upload = (token: string, team?: string) =>
  uploadFile(
    "bouncerbench/input",
    JSON.stringify(Object.fromEntries(ids.slice(0, 30).map((id, i) => [id, { input_bounce: i % 3 === 0 }]))),
    { ...(team ? { team } : {}), model: "m", visibility: "private" },
    token,
  );

let owner: { token: string; userId: string; team: string };
let member: { token: string; userId: string; team: string };
let memberTokenForLab = "";
let privateId = "";

beforeAll(async () => {
  db = await seededTestDatabase();
  const mk = async (email: string, name: string) => {
    const { user, team } = await createUserWithTeam(db.prisma, { email, name, password: "a long passphrase here" });
    return {
      token: (await createApiToken(db.prisma, { teamId: team.id, userId: user.id })).token,
      userId: user.id,
      team: team.slug,
    };
  };
  owner = await mk("owner@example.org", "Owner");
  member = await mk("member@example.org", "Member");
  const inv = await call("POST", `/api/v1/teams/${owner.team}/invitations`, owner.token);
  expect(
    (await call("POST", `/api/v1/invitations/${String(inv.body.url).split("/").pop()}`, member.token)).status,
  ).toBe(200);
});
afterAll(async () => db?.drop());

describe("tokens follow membership", () => {
  it("a member of two teams creates a token for the second one (team parameter)", async () => {
    const r = await call("POST", "/api/v1/tokens", member.token, { name: "lab token", team: owner.team });
    expect(r.status).toBe(201);
    expect(r.body.team).toBe(owner.team);
    memberTokenForLab = r.body.token;
    // but not for a team they are not in, nor an admin token
    const other = await createUserWithTeam(db.prisma, {
      email: "x@example.org",
      name: "Stranger",
      password: "a long passphrase here",
    });
    expect((await call("POST", "/api/v1/tokens", member.token, { name: "t", team: other.team.slug })).status).toBe(403);
    expect((await call("POST", "/api/v1/tokens", member.token, { name: "t", admin: true })).status).toBe(403);
  });

  it("with it, the member acts for the lab: uploads, reads its private submissions, lists its tokens", async () => {
    const up = await upload(memberTokenForLab);
    expect(up.status).toBe(201);
    privateId = up.body.id;
    expect((await call("GET", `/api/v1/submissions/${privateId}`, memberTokenForLab)).status).toBe(200);
    expect((await call("GET", "/api/v1/tokens", memberTokenForLab)).status).toBe(200);
    expect((await call("GET", "/api/v1/me", memberTokenForLab)).body).toMatchObject({
      teams: [expect.objectContaining({ slug: owner.team })],
    });
  });

  it("once the owner removes the member, the same token acts for nobody — at once", async () => {
    const removed = await call("DELETE", `/api/v1/teams/${owner.team}/members/${member.userId}`, owner.token);
    expect(removed.status).toBeLessThan(300);
    for (const r of [
      await call("GET", `/api/v1/submissions/${privateId}`, memberTokenForLab),
      await call("GET", "/api/v1/tokens", memberTokenForLab),
      await upload(memberTokenForLab),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body.error.message).toMatch(/no longer a member/);
    }
    // the private submission stays the lab's: the owner still reads it, the ex-member's own token cannot
    expect((await call("GET", `/api/v1/submissions/${privateId}`, owner.token)).status).toBe(200);
    expect((await call("GET", `/api/v1/submissions/${privateId}`, member.token)).status).toBe(404);
    // their token for their own team still works
    expect((await call("GET", "/api/v1/me", member.token)).status).toBe(200);
  });

  it("a lowered role applies to existing tokens at once", async () => {
    // the member comes back, is made owner, gets a token, and is lowered to member again
    const inv = await call("POST", `/api/v1/teams/${owner.team}/invitations`, owner.token);
    expect(
      (await call("POST", `/api/v1/invitations/${String(inv.body.url).split("/").pop()}`, member.token)).status,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/v1/teams/${owner.team}/members/${member.userId}`, owner.token, { role: "owner" }))
        .status,
    ).toBe(200);
    const t = await call("POST", "/api/v1/tokens", member.token, { name: "owner token", team: owner.team });
    expect(t.status).toBe(201);
    // as owner, the token makes invitations
    expect((await call("POST", `/api/v1/teams/${owner.team}/invitations`, t.body.token)).status).toBe(201);
    expect(
      (await call("PATCH", `/api/v1/teams/${owner.team}/members/${member.userId}`, owner.token, { role: "member" }))
        .status,
    ).toBe(200);
    const after = await call("POST", `/api/v1/teams/${owner.team}/invitations`, t.body.token);
    expect(after.status).toBe(403);
  });
});

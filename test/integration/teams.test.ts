// Teams (invitations, roles, the last owner), moderation (verify, hide, delete, visibility), the
// activity log and the public changelog — through the route handlers and a real PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUserId, createApiToken, createUserWithTeam } from "@/lib/server/auth";
import { uploadTeam } from "@/lib/server/teams";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiCall, uploadFile } from "../helpers/requests";

let db: TestDatabase;
const ids = Object.keys(
  JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
);
let owner: { token: string; userId: string; team: string };
let colleague: { token: string; userId: string; team: string };
let admin: string;

const call = (method: string, url: string, token?: string, body?: unknown) => apiCall(method, url, { token, body });

async function person(email: string, name: string) {
  const { user, team } = await createUserWithTeam(db.prisma, { email, name, password: "a long passphrase here" });
  return {
    token: (await createApiToken(db.prisma, { teamId: team.id, userId: user.id })).token,
    userId: user.id,
    team: team.slug,
  };
}

const upload = (token: string, fields: Record<string, string>) =>
  uploadFile(
    "bouncerbench/input",
    JSON.stringify(Object.fromEntries(ids.slice(0, 50).map((id, i) => [id, { input_bounce: i % 2 === 0 }]))),
    fields,
    token,
  );

beforeAll(async () => {
  db = await seededTestDatabase();
  owner = await person("owner@example.org", "Lab Owner");
  colleague = await person("colleague@example.org", "Colleague");
  admin = await teamToken(db, "mods", { isAdmin: true });
});
afterAll(async () => db?.drop());

describe("invitations and roles", () => {
  let link = "";
  it("an owner creates a single-use link; a member of another team may not", async () => {
    const denied = await call("POST", `/api/v1/teams/${owner.team}/invitations`, colleague.token);
    expect(denied.status).toBe(404); // outsiders cannot tell
    const r = await call("POST", `/api/v1/teams/${owner.team}/invitations`, owner.token);
    expect(r.status).toBe(201);
    expect(r.body.url).toMatch(/\/invitations\/lbi_[\w-]+$/);
    expect(new Date(r.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    link = String(r.body.url).split("/").pop()!;
    // only its hash is kept
    expect(await db.prisma.teamInvitation.count({ where: { tokenHash: link } })).toBe(0);
  });
  it("a signed-in user accepts once and becomes a member; the link is then used up", async () => {
    const r = await call("POST", `/api/v1/invitations/${link}`, colleague.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ team: { slug: owner.team }, role: "member" });
    const again = await call("POST", `/api/v1/invitations/${link}`, colleague.token);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/used/);
    const team = await call("GET", `/api/v1/teams/${owner.team}`, owner.token);
    expect(team.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ["owner@example.org", "owner"],
      ["colleague@example.org", "member"],
    ]);
    // outsiders see names, not e-mail addresses
    const outside = await call("GET", `/api/v1/teams/${owner.team}`);
    expect(outside.body.members[0].email).toBeUndefined();
  });
  it("an expired link is refused", async () => {
    const r = await call("POST", `/api/v1/teams/${owner.team}/invitations`, owner.token);
    const token = String(r.body.url).split("/").pop()!;
    await db.prisma.teamInvitation.updateMany({
      where: { usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await call("POST", `/api/v1/invitations/${token}`, colleague.token);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toMatch(/expired/);
  });
  it("a member of several teams uploads for the one picked; a token only for its own", async () => {
    const actor = (await actorFromUserId(colleague.userId))!;
    expect(actor.teamIds).toHaveLength(2);
    const teamA = await db.prisma.team.findUniqueOrThrow({ where: { slug: owner.team } });
    expect(await uploadTeam(db.prisma, actor, owner.team)).toBe(teamA.id);
    const other = await upload(colleague.token, { model: "x", team: owner.team });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toMatch(/its own team/);
  });
  it("only owners change roles and remove members; the last owner cannot go", async () => {
    const members = await call("GET", `/api/v1/teams/${owner.team}`, owner.token);
    const [o, c] = members.body.members as { userId: string }[];
    // the colleague's token for their own team cannot even tell; one for this team (a member) is refused
    expect(
      (await call("PATCH", `/api/v1/teams/${owner.team}/members/${o.userId}`, colleague.token, { role: "member" }))
        .status,
    ).toBe(404);
    const teamA = await db.prisma.team.findUniqueOrThrow({ where: { slug: owner.team } });
    const asMember = (await createApiToken(db.prisma, { teamId: teamA.id, userId: colleague.userId })).token;
    expect(
      (await call("PATCH", `/api/v1/teams/${owner.team}/members/${o.userId}`, asMember, { role: "member" })).status,
    ).toBe(403);
    const last = await call("PATCH", `/api/v1/teams/${owner.team}/members/${o.userId}`, owner.token, {
      role: "member",
    });
    expect(last.status).toBe(409);
    expect(last.body.error.message).toMatch(/needs an owner/);
    expect((await call("DELETE", `/api/v1/teams/${owner.team}/members/${o.userId}`, owner.token)).status).toBe(409);
    expect(
      (await call("PATCH", `/api/v1/teams/${owner.team}/members/${c.userId}`, owner.token, { role: "owner" })).status,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/v1/teams/${owner.team}/members/${c.userId}`, owner.token, { role: "member" })).status,
    ).toBe(200);
    expect(
      (await call("PATCH", `/api/v1/teams/${owner.team}/members/${c.userId}`, owner.token, { role: "boss" })).status,
    ).toBe(422);
  });
});

describe("moderation, the activity log and the changelog", () => {
  let sub = "";
  it("a private upload is the team's; its owner makes it public, which is a new entry on the changelog", async () => {
    const up = await upload(owner.token, {
      model: "lab-model",
      visibility: "private",
      logs_url: "https://logs.example.org/run/1",
    });
    expect(up.status).toBe(201);
    sub = up.body.id;
    expect((await call("GET", `/api/v1/submissions/${sub}`)).status).toBe(404);
    const mine = await call("GET", `/api/v1/submissions/${sub}`, owner.token);
    expect(mine.body).toMatchObject({
      visibility: "private",
      logsUrl: "https://logs.example.org/run/1",
      verified: null,
      hidden: null,
    });
    // a member (not an owner) may not change it
    const colleagueToken = (
      await createApiToken(db.prisma, {
        teamId: (await db.prisma.team.findUniqueOrThrow({ where: { slug: owner.team } })).id,
        userId: colleague.userId,
      })
    ).token;
    expect((await call("PATCH", `/api/v1/submissions/${sub}`, colleagueToken, { visibility: "public" })).status).toBe(
      403,
    );
    expect((await call("GET", `/api/v1/submissions/${sub}`, colleagueToken)).status).toBe(200); // but sees it
    const pub = await call("PATCH", `/api/v1/submissions/${sub}`, owner.token, { visibility: "public" });
    expect(pub.status).toBe(200);
    const log = await call("GET", "/api/v1/tasks/bouncerbench/input/changelog");
    expect(log.body.events[0]).toMatchObject({
      kind: "submission.public",
      submission: { id: sub, model: "lab-model", team: "Lab Owner" },
    });
    const board = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?partial=1");
    expect(board.body.rows.find((r: { submissionId: string }) => r.submissionId === sub)).toMatchObject({
      verified: null,
      logsUrl: "https://logs.example.org/run/1",
    });
  });
  it("an admin verifies it: a badge in the API and on the board, and a changelog entry", async () => {
    expect((await call("POST", `/api/v1/admin/submissions/${sub}/verify`, owner.token, {})).status).toBe(403);
    const v = await call("POST", `/api/v1/admin/submissions/${sub}/verify`, admin, {});
    expect(v.status).toBe(200);
    expect(v.body.verified.by).toBe("admin");
    const board = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?partial=1");
    expect(board.body.rows.find((r: { submissionId: string }) => r.submissionId === sub).verified).toMatchObject({
      by: "admin",
    });
    const log = await call("GET", "/api/v1/tasks/bouncerbench/input/changelog");
    expect(log.body.events[0]).toMatchObject({ kind: "submission.verify", submission: { id: sub } });
    // a page at a time: `next` is the cursor of the older events
    const first = await call("GET", "/api/v1/tasks/bouncerbench/input/changelog?limit=1");
    expect(first.body.events.map((e: { kind: string }) => e.kind)).toEqual(["submission.verify"]);
    expect(first.body.next).toBe(first.body.events[0].id);
    const older = await call("GET", `/api/v1/tasks/bouncerbench/input/changelog?limit=1&before=${first.body.next}`);
    expect(older.body.events).toEqual([log.body.events[1]]);
    expect(older.body.events[0]).toMatchObject({ kind: "submission.public", submission: { id: sub } });
    const rest = await call("GET", `/api/v1/tasks/bouncerbench/input/changelog?before=${older.body.next}`);
    expect(rest.body.events).toEqual(log.body.events.slice(2));
    expect(rest.body.next).toBeNull();
    // a cursor of another task's changelog names nothing here
    const other = await call("GET", `/api/v1/tasks/bouncerbench/output/changelog?before=${first.body.next}`);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toMatch(/no event .* on the changelog of bouncerbench\/output/);
    const atom = await call("GET", "/api/v1/tasks/bouncerbench/input/changelog?format=atom");
    expect(atom.headers.get("content-type")).toMatch(/application\/atom\+xml/);
    expect(atom.text).toMatch(/^<\?xml/);
    expect(atom.text).toContain("lab-model by Lab Owner verified by the maintainers");
    expect(atom.text).toContain("Release 1.0 published");
  });
  it("hidden with a reason: gone from public views, its team sees why; shown again", async () => {
    expect((await call("POST", `/api/v1/admin/submissions/${sub}/hide`, admin, { reason: "" })).status).toBe(422);
    const h = await call("POST", `/api/v1/admin/submissions/${sub}/hide`, admin, {
      reason: "duplicate of an earlier entry",
    });
    expect(h.status).toBe(200);
    expect((await call("GET", `/api/v1/submissions/${sub}`)).status).toBe(404);
    const mine = await call("GET", `/api/v1/submissions/${sub}`, owner.token);
    expect(mine.body.hidden.reason).toBe("duplicate of an earlier entry");
    const board = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?partial=1");
    expect(board.body.rows.some((r: { submissionId: string }) => r.submissionId === sub)).toBe(false);
    // its new-entry event leaves the changelog; the moderation ledger says what happened, and why
    const log = await call("GET", "/api/v1/tasks/bouncerbench/input/changelog");
    const about = log.body.events.filter((e: { submission?: { id: string } }) => e.submission?.id === sub);
    expect(about.map((e: { kind: string }) => e.kind)).toEqual(["submission.hide", "submission.verify"]);
    expect(about[0]).toMatchObject({ decidedBy: "admin", reason: "duplicate of an earlier entry" });
    expect(about[0].summary).toBe(
      "lab-model by Lab Owner hidden from the boards by an admin: duplicate of an earlier entry",
    );
    expect((await call("POST", `/api/v1/admin/submissions/${sub}/hide`, admin, { reason: null })).status).toBe(200);
    expect((await call("GET", `/api/v1/submissions/${sub}`)).status).toBe(200);
  });
  it("deleted by an admin; the activity log has every step with actor, target and before/after", async () => {
    expect((await call("DELETE", `/api/v1/admin/submissions/${sub}`, owner.token)).status).toBe(403);
    expect((await call("DELETE", `/api/v1/admin/submissions/${sub}`, admin)).status).toBe(204);
    expect((await call("GET", `/api/v1/submissions/${sub}`, owner.token)).status).toBe(404);
    const a = await call("GET", `/api/v1/admin/activity?target=${sub}`, admin);
    expect(a.status).toBe(200);
    expect(a.body.events.map((e: { action: string }) => e.action).reverse()).toEqual(
      [
        "submission.visibility",
        "submission.public",
        "submission.verify",
        "submission.hide",
        "submission.unhide",
        "submission.delete",
      ].filter((x) => x !== "submission.visibility"),
    );
    const del = a.body.events[0];
    expect(del).toMatchObject({
      action: "submission.delete",
      actor: expect.stringMatching(/^API token lbt_.{6}…$/),
      target: { type: "submission", id: sub },
      task: "bouncerbench/input",
      team: owner.team,
    });
    expect(del.before).toMatchObject({ model: "lab-model", visibility: "public" });
    const pub = a.body.events.find(
      (e: { action: string; before?: unknown }) => e.action === "submission.public" && e.before,
    );
    expect(pub).toMatchObject({
      actor: "owner@example.org",
      before: { visibility: "private" },
      after: { visibility: "public" },
    });
    // filters: by action prefix and by actor
    const teamEvents = await call("GET", "/api/v1/admin/activity?action=invitation.", admin);
    expect(teamEvents.body.events.map((e: { action: string }) => e.action)).toEqual([
      "invitation.create",
      "invitation.accept",
      "invitation.create",
    ]);
    const byOwner = await call("GET", "/api/v1/admin/activity?actor=owner@", admin);
    expect(byOwner.body.events.every((e: { actor: string }) => e.actor === "owner@example.org")).toBe(true);
    expect((await call("GET", "/api/v1/admin/activity?from=yesterday", admin)).status).toBe(422);
    const imports = await call("GET", "/api/v1/admin/activity?action=release.", admin);
    expect(imports.body.events.some((e: { action: string }) => e.action === "release.publish")).toBe(true);
  });
});

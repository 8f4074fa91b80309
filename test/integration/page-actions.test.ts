// The pages' action forms (app/page-actions.ts → lib/server/page-actions): each operation has its
// API route's access level and work. A member sending an admin's operation changes nothing; the
// forms' fields are parsed by the routes' own schemas (a short hide reason is refused with the
// API's words); the page to show next is decided by the server, never by the form. On a real
// PostgreSQL through the route handlers' own domain functions.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SitePath } from "@/lib/contracts/common";
import { PageAction, PageActionForm, type PageActionOp } from "@/lib/contracts/page-actions";
import { actorFromUserId, createApiToken, createUserWithTeam, type Actor } from "@/lib/server/auth";
import { toErrorBody } from "@/lib/server/http";
import { ACCESS, runPageAction } from "@/lib/server/page-actions";
import { approveTeam, deleteSubmission, hideSubmission, verifySubmission } from "@/lib/server/submissions";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { uploadFile } from "../helpers/requests";

let db: TestDatabase;
let member: Actor;
let admin: Actor;
let team: string;
let sub: string;
const ids = Object.keys(
  JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
);

async function person(email: string, name: string) {
  const { user, team } = await createUserWithTeam(db.prisma, { email, name, password: "a long passphrase here" });
  return { user, team, token: (await createApiToken(db.prisma, { teamId: team.id, userId: user.id })).token };
}

beforeAll(async () => {
  db = await seededTestDatabase();
  const m = await person("member@example.org", "Member Lab");
  const a = await person("moderator@example.org", "Moderators");
  await db.prisma.user.update({ where: { id: a.user.id }, data: { isAdmin: true } });
  member = (await actorFromUserId(m.user.id))!;
  admin = (await actorFromUserId(a.user.id))!;
  team = m.team.slug;
  const file = JSON.stringify(Object.fromEntries(ids.slice(0, 40).map((id, i) => [id, { input_bounce: i % 3 === 0 }])));
  const up = await uploadFile("bouncerbench/input", file, { model: "page-action-model" }, m.token);
  expect(up.status).toBe(201);
  sub = String(up.body.id);
});
afterAll(async () => db?.drop());

/** The error a form would show for this operation run by `actor`. */
async function refusal(actor: Actor, fields: Record<string, string>): Promise<string> {
  try {
    await runPageAction(db.prisma, actor, PageAction.parse(fields));
  } catch (e) {
    return toErrorBody(e).body.error.message;
  }
  return "(done)";
}

describe("the pages' action forms", () => {
  it("a member sending any admin's operation is refused and nothing changes", async () => {
    const admins: [PageActionOp, Record<string, string>][] = [
      ["team-approve", { slug: team }],
      ["team-unapprove", { slug: team }],
      ["submission-verify", { id: sub, verified: "true" }],
      ["submission-hide", { id: sub, reason: "a reason of some words" }],
      ["submission-show", { id: sub }],
      ["submission-delete", { id: sub }],
    ];
    for (const [op, fields] of admins) expect(await refusal(member, { op, ...fields }), op).toBe("admins only");
    const row = await db.prisma.submission.findUniqueOrThrow({ where: { id: sub } });
    expect([row.verifiedAt, row.hiddenAt]).toEqual([null, null]);
    expect((await db.prisma.team.findUniqueOrThrow({ where: { slug: team } })).approvedAt).toBeNull();
  });

  it("the admins' work refuses a member itself, whoever calls it (not only the route or the table)", async () => {
    const refused = async (work: Promise<unknown>) =>
      work.then(
        () => "(done)",
        (e) => toErrorBody(e).body.error.message,
      );
    expect(await refused(approveTeam(db.prisma, member, team, true))).toBe("admins only");
    expect(await refused(verifySubmission(db.prisma, member, sub, true))).toBe("admins only");
    expect(await refused(hideSubmission(db.prisma, member, sub, "a reason of some words"))).toBe("admins only");
    expect(await refused(deleteSubmission(db.prisma, member, sub))).toBe("admins only");
    expect(await db.prisma.submission.findUnique({ where: { id: sub } })).not.toBeNull();
  });

  it("each operation's access is its API route's (read from the route's own file)", () => {
    const routes: Record<PageActionOp, [string, string]> = {
      "team-approve": ["admin/teams/[slug]/approval", "POST"],
      "team-unapprove": ["admin/teams/[slug]/approval", "DELETE"],
      "invitation-accept": ["invitations/[token]", "POST"],
      "submission-verify": ["admin/submissions/[id]/verify", "POST"],
      "submission-hide": ["admin/submissions/[id]/hide", "POST"],
      "submission-show": ["admin/submissions/[id]/hide", "POST"],
      "submission-visibility": ["submissions/[id]", "PATCH"],
      "submission-withdraw": ["submissions/[id]", "PATCH"],
      "submission-delete": ["admin/submissions/[id]", "DELETE"],
      "member-role": ["teams/[slug]/members/[userId]", "PATCH"],
      "member-remove": ["teams/[slug]/members/[userId]", "DELETE"],
      "token-revoke": ["tokens/[id]", "DELETE"],
    };
    expect(Object.keys(routes).sort()).toEqual(Object.keys(ACCESS).sort());
    for (const [op, [dir, method]] of Object.entries(routes)) {
      const source = fs.readFileSync(path.resolve("app/api/v1", dir, "route.ts"), "utf8");
      const access = new RegExp(`export const ${method} = route\\(\\s*\\{\\s*access: "(\\w+)"`).exec(source)?.[1];
      expect([op, access]).toEqual([op, ACCESS[op as PageActionOp]]);
    }
  });

  it("the fields are the API's: a short reason, an unknown operation, a bad id are refused with the field named", () => {
    const msg = (fields: Record<string, string>) => {
      const r = PageAction.safeParse(fields);
      return r.success ? "(parsed)" : toErrorBody(r.error).body.error.message;
    };
    expect(msg({ op: "submission-hide", id: sub, reason: "no" })).toBe("reason: say why, in a few words");
    expect(msg({ op: "submission-verify", id: sub, verified: "yes" })).toBe("verified: true or false");
    expect(msg({ op: "submission-delete", id: "x" })).toBe("id: not a submission id");
    expect(msg({ op: "drop-table", id: sub })).toMatch(/^op: /);
  });

  it("the way back is a path on this site: never another host", () => {
    // refused (the form's way back is then left out: the work goes on, and "/" follows)
    for (const back of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
      "/a b",
      "javascript:alert(1)",
      "/\u0142",
      "/a\u0001b",
    ])
      expect(SitePath.safeParse(back).success, back).toBe(false);
    expect(PageActionForm.parse({ back: "//evil.example/x" }).back).toBeUndefined();
    for (const back of ["/", "/submissions/abc?release=1.0", "/tasks/bouncerbench/input?q=a%20b", "/%C5%82"])
      expect(PageActionForm.parse({ back }).back, back).toBe(back);
  });

  it("an admin's operations do the routes' work; a delete names the board to show next", async () => {
    expect(await runPageAction(db.prisma, admin, PageAction.parse({ op: "team-approve", slug: team }))).toBeNull();
    expect((await db.prisma.team.findUniqueOrThrow({ where: { slug: team } })).approvedAt).not.toBeNull();
    const logged = await db.prisma.$queryRawUnsafe<{ action: string }[]>(
      `SELECT action FROM activity_events WHERE target_id = $1 ORDER BY id`,
      team,
    );
    expect(logged.map((r) => r.action)).toEqual(["team.approve"]);
    await runPageAction(db.prisma, admin, PageAction.parse({ op: "submission-verify", id: sub, verified: "true" }));
    expect((await db.prisma.submission.findUniqueOrThrow({ where: { id: sub } })).verifiedBy).toBe(
      "moderator@example.org",
    );
    expect(await runPageAction(db.prisma, admin, PageAction.parse({ op: "submission-delete", id: sub }))).toBe(
      "/tasks/bouncerbench/input",
    );
    expect(await db.prisma.submission.findUnique({ where: { id: sub } })).toBeNull();
  });

  it("one who leaves a team is shown their account next; the team's only owner cannot leave", async () => {
    const other = await person("second@example.org", "Second");
    const joined = await db.prisma.team.findUniqueOrThrow({ where: { slug: team } });
    await db.prisma.membership.create({ data: { userId: other.user.id, teamId: joined.id, role: "member" } });
    const actor = (await actorFromUserId(other.user.id))!;
    expect(await refusal(actor, { op: "member-remove", slug: other.team.slug, userId: other.user.id })).toBe(
      "a team needs an owner: make someone else an owner first",
    );
    const leave = PageAction.parse({ op: "member-remove", slug: team, userId: other.user.id });
    expect(await runPageAction(db.prisma, actor, leave)).toBe("/account");
    expect(await db.prisma.membership.count({ where: { userId: other.user.id, teamId: joined.id } })).toBe(0);
  });
});

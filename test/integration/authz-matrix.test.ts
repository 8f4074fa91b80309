// The authorization matrix (test/authz/rules.ts), generated from the app's route list: every
// route handler and page must have a rule, and every API rule is run for each caller — none,
// a member of team A, a member of team B, an admin — with API tokens, through the real handlers.
// Page rules and next-auth's run against the server with session cookies (e2e/authz.spec.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actorFromUserId, createApiToken, createUserWithTeam } from "@/lib/server/auth";
import { createJob } from "@/lib/server/jobs";
import { createInvitation } from "@/lib/server/teams";
import { importRelease } from "@/lib/server/releases";
import { sqlOf } from "@/lib/server/db";
import { submitPredictions } from "@/lib/server/submissions";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { ROLES, RULES, type Role, type World } from "../authz/rules";
import { INPUT_IDS as ids, signedUpMember } from "../helpers/bouncer";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { dispatch, listRoutes } from "../helpers/router";

let freshFiles = 0;
let db: TestDatabase;
const world = {} as World;
const tokens: Partial<Record<Role, string>> = {};
let teamA = "";
let drafts = 0;
let ownerC: Awaited<ReturnType<typeof actorFromUserId>> = null;

beforeAll(async () => {
  db = await seededTestDatabase();
  world.instance = ids[0];
  const a = await signedUpMember(db, "authz-a@example.org", "Authz A");
  const b = await signedUpMember(db, "authz-b@example.org", "Authz B");
  teamA = a.team.id;
  tokens.memberA = a.token;
  tokens.memberB = b.token;
  tokens.admin = await teamToken(db, "authz-admins", { isAdmin: true });
  // (astropy__astropy-12907 has an issue text in release 1.1: its length buckets exist)
  const priv = await submitPredictions(db.prisma, {
    task: "bouncerbench/input",
    text: JSON.stringify({ [ids[0]]: { input_bounce: true }, "astropy__astropy-12907": { input_bounce: false } }),
    teamId: a.team.id,
    userId: a.user.id,
    model: "a-private",
    visibility: "private",
  });
  world.privA = priv.id!;
  world.pub = (
    await db.prisma.submission.findFirstOrThrow({
      where: { task: { fullSlug: "bouncerbench/input" }, visibility: "public", baseline: null },
    })
  ).id;
  world.jobA = await createJob(
    sqlOf(db.prisma),
    "score-upload",
    { submissionId: world.privA, task: "bouncerbench/input" },
    { total: 1, createdBy: a.user.id, teamId: a.team.id },
  );
  const published = await db.prisma.release.findFirstOrThrow({
    where: { task: { fullSlug: "bouncerbench/input" }, status: "published" },
  });
  world.adminJob = await createJob(
    sqlOf(db.prisma),
    "rescore",
    { releaseId: published.id, task: "bouncerbench/input", version: published.version },
    { total: 0, createdBy: null },
  );
  await db.query(`DELETE FROM graphile_worker._private_jobs`); // rows to look at, not work to do
  const draft = await importRelease(db.prisma, {
    task: "bouncerbench/input",
    version: "authz-draft",
    text: `instance_id,underspecified\n${ids[0]},3\n`,
    fileName: "d.csv",
  });
  world.draftId = draft.release.id;
  world.draftVersion = "authz-draft";
  world.teamA = a.team.slug;
  const a2 = await createUserWithTeam(db.prisma, {
    email: "authz-a2@example.org",
    name: "Authz A2",
    password: "a long passphrase here",
  });
  await db.prisma.membership.create({ data: { userId: a2.user.id, teamId: a.team.id, role: "member" } });
  world.memberOfA = a2.user.id;
  const c = await createUserWithTeam(db.prisma, {
    email: "authz-c@example.org",
    name: "Authz C",
    password: "a long passphrase here",
  });
  world.teamC = c.team.slug;
  ownerC = await actorFromUserId(c.user.id);
  world.publishedVersion = "1.0";
});
afterAll(async () => db?.drop());

describe("every route and page has an authorization rule", () => {
  const routes = listRoutes();
  const keys = routes.flatMap((r) =>
    r.kind === "page" ? [`PAGE ${r.pattern}`] : r.methods.map((m) => `${m} ${r.pattern}`),
  );
  it("no route handler or page without a rule", () => {
    const covered = new Set(RULES.map((r) => r.key));
    expect(keys.filter((k) => !covered.has(k))).toEqual([]);
  });
  it("no rule for a route that does not exist", () => {
    const known = new Set(keys);
    expect(RULES.map((r) => r.key).filter((k) => !known.has(k))).toEqual([]);
  });
  it("finds the app's routes (the generator itself works)", () => {
    expect(keys).toContain("POST /api/v1/tasks/[benchmark]/[task]/submissions");
    expect(keys).toContain("PAGE /admin");
    expect(keys.length).toBeGreaterThan(30);
  });
});

describe("API rules, per caller", () => {
  const cases = RULES.filter((r) => r.runner === "api").flatMap((rule, i) =>
    ROLES.map((role) => [`${rule.key} #${i} as ${role}`, rule, role] as const),
  );
  it.each(cases)("%s", async (_, rule, role) => {
    await db.query(`DELETE FROM rate_limits`);
    let fresh = "";
    if (rule.fresh === "tokenA") fresh = (await createApiToken(db.prisma, { teamId: teamA })).id;
    if (rule.fresh === "invitationC") fresh = (await createInvitation(db.prisma, ownerC, world.teamC)).token;
    if (rule.fresh === "memberA") {
      const u = await createUserWithTeam(db.prisma, {
        email: `authz-x-${Math.random().toString(36).slice(2)}@example.org`,
        name: "X",
        password: "a long passphrase here",
      });
      await db.prisma.membership.create({ data: { userId: u.user.id, teamId: teamA, role: "member" } });
      fresh = u.user.id;
    }
    if (rule.fresh === "submission") {
      fresh = (
        await submitPredictions(db.prisma, {
          task: "bouncerbench/input",
          // a different file each time (trailing spaces): the same bytes twice from a team are refused
          text: JSON.stringify({ [world.instance]: { input_bounce: true } }) + " ".repeat(++freshFiles),
          teamId: teamA,
          userId: null,
          model: "to-delete",
        })
      ).id!;
    }
    if (rule.fresh === "draft") {
      // a draft of another task: publishing it must not move bouncerbench/input's current release
      const rows = generateSynthetic()
        .find((t) => t.task === "cr-bench/review")!
        .release.slice(0, 3);
      const d = await importRelease(db.prisma, {
        task: "cr-bench/review",
        version: `authz-${++drafts}`,
        text: rows.map((r) => JSON.stringify(r)).join("\n"),
        fileName: "r.jsonl",
      });
      fresh = d.release.id;
    }
    const call = rule.call(world, role, cases.length + Math.floor(Math.random() * 1e9));
    const headers = new Headers();
    if (role !== "anonymous") headers.set("authorization", `Bearer ${tokens[role]}`);
    let body: BodyInit | undefined;
    if (call.json !== undefined) {
      body = JSON.stringify(call.json);
      headers.set("content-type", "application/json");
    } else if (call.multipart) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(call.multipart.fields)) fd.set(k, v);
      if (call.multipart.file) fd.set("file", new Blob([call.multipart.file.text]), call.multipart.file.name);
      body = fd;
    }
    const method = rule.key.split(" ")[0];
    const res = await dispatch(
      new Request(`http://localhost${call.path.replace("{fresh}", fresh)}`, { method, headers, body }),
    );
    expect(res.status, `${rule.why}: ${(await res.text()).slice(0, 300)}`).toBe(rule.expect[role]);
  });
});

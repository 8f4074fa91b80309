// The authorization matrix: for every route handler (method × app/**/route.ts) and every page
// (app/**/page.tsx), what each kind of caller gets. test/integration/authz-matrix.test.ts fails
// when a route or page has no rule here (or a rule names none), and runs every API rule with
// API tokens; e2e/authz.spec.ts runs the page rules (and next-auth's) with real session cookies.
// No imports from the app: Playwright loads this file too.

export type Role = "anonymous" | "memberA" | "memberB" | "admin";
export const ROLES: Role[] = ["anonymous", "memberA", "memberB", "admin"];

/** Ids of the fixtures both runners create: team A's private things, public ones, drafts. */
export interface World {
  /** team A's private submission (bouncerbench/input) and an instance it predicts */
  privA: string;
  instance: string;
  /** a public submission */
  pub: string;
  /** an upload job started by member A */
  jobA: string;
  /** a job started by an admin (a re-score) */
  adminJob: string;
  /** a draft release of bouncerbench/input: its id and version */
  draftId: string;
  draftVersion: string;
  /** a published release version of bouncerbench/input */
  publishedVersion: string;
  /** team A's slug (member A owns it) and a second member of it */
  teamA: string;
  memberOfA: string;
  /** a team C that invitations in the matrix are for (so accepting one changes nothing else) */
  teamC: string;
  /** an open invitation to team C (e2e: the invitation page) */
  inviteC?: string;
}

export interface Call {
  path: string;
  json?: unknown;
  multipart?: { fields: Record<string, string>; file?: { name: string; text: string } };
}

export interface Rule {
  /** "GET /api/v1/submissions/[id]" (as the route's folder names it), or "PAGE /submissions/[id]" */
  key: string;
  /** where it runs: "api" with tokens in vitest, "e2e" with session cookies against the server */
  runner: "api" | "e2e";
  call: (w: World, role: Role, n: number) => Call;
  /** expected status per caller; 307 = sent to sign in */
  expect: Record<Role, number>;
  /** made anew before each call (the call uses it up), e.g. a token to revoke */
  fresh?: "tokenA" | "draft" | "invitationC" | "memberA" | "submission";
  why: string;
}

const all = (s: number): Record<Role, number> => ({ anonymous: s, memberA: s, memberB: s, admin: s });
const members = (ok: number): Record<Role, number> => ({ anonymous: 401, memberA: ok, memberB: ok, admin: ok });
const teamA = (ok: number, other = 404): Record<Role, number> => ({
  anonymous: other,
  memberA: ok,
  memberB: other,
  admin: ok,
});
const adminOnly = (ok: number): Record<Role, number> => ({ anonymous: 401, memberA: 403, memberB: 403, admin: ok });
const okFile = (w: World) => ({ name: "p.json", text: JSON.stringify({ [w.instance]: { input_bounce: true } }) });

export const RULES: Rule[] = [
  // ---------------------------------------------------------------- API routes
  {
    key: "GET /api/v1/health",
    runner: "api",
    call: () => ({ path: "/api/v1/health" }),
    expect: all(200),
    why: "liveness for load balancers",
  },
  {
    key: "GET /api/v1/health/live",
    runner: "api",
    call: () => ({ path: "/api/v1/health/live" }),
    expect: all(200),
    why: "liveness probe: no credentials read, no database",
  },
  {
    key: "GET /api/v1/health/ready",
    runner: "api",
    call: () => ({ path: "/api/v1/health/ready" }),
    expect: all(200),
    why: "readiness probe: the database answers and is migrated",
  },
  {
    key: "GET /metrics",
    runner: "api",
    call: () => ({ path: "/metrics" }),
    expect: adminOnly(200),
    why: "operators' metrics: admins (or the METRICS_TOKEN scraper) only",
  },
  {
    key: "GET /api/v1/benchmarks",
    runner: "api",
    call: () => ({ path: "/api/v1/benchmarks" }),
    expect: all(200),
    why: "public catalog",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/leaderboard",
    runner: "api",
    call: () => ({ path: "/api/v1/tasks/bouncerbench/input/leaderboard" }),
    expect: all(200),
    why: "public boards",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/leaderboard",
    runner: "api",
    call: (w) => ({ path: `/api/v1/tasks/bouncerbench/input/leaderboard?release=${w.draftVersion}` }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 404 },
    why: "a draft has no public board, for anyone (admins preview drafts in /admin)",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/releases",
    runner: "api",
    call: () => ({ path: "/api/v1/tasks/bouncerbench/input/releases" }),
    expect: all(200),
    why: "public release list (drafts for admins only, in the body)",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/releases/[version]/instances",
    runner: "api",
    call: (w) => ({ path: `/api/v1/tasks/bouncerbench/input/releases/${w.publishedVersion}/instances?format=txt` }),
    expect: all(200),
    why: "a public release's instance ids (a hidden one's: admins only, test/integration/release-files.test.ts)",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/releases/[version]/instances",
    runner: "api",
    call: (w) => ({ path: `/api/v1/tasks/bouncerbench/input/releases/${w.draftVersion}/instances` }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 200 },
    why: "a draft's instance ids: admins only",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/releases/[version]/template",
    runner: "api",
    call: (w) => ({ path: `/api/v1/tasks/bouncerbench/input/releases/${w.publishedVersion}/template` }),
    expect: all(200),
    why: "a public release's blank prediction file",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/releases/[version]/template",
    runner: "api",
    call: (w) => ({ path: `/api/v1/tasks/bouncerbench/input/releases/${w.draftVersion}/template` }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 200 },
    why: "a draft's template: admins only",
  },
  {
    key: "POST /api/v1/tasks/[benchmark]/[task]/submissions",
    runner: "api",
    call: (w) => ({
      path: "/api/v1/tasks/bouncerbench/input/submissions",
      multipart: { fields: { model: "authz", dry_run: "true" }, file: okFile(w) },
    }),
    expect: members(200),
    why: "any team uploads (a dry run here: nothing stored)",
  },
  {
    key: "GET /api/v1/submissions/[id]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.privA}` }),
    expect: teamA(200),
    why: "private: its team and admins; 404 hides it from others",
  },
  {
    key: "GET /api/v1/submissions/[id]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.pub}` }),
    expect: all(200),
    why: "public submissions: anyone",
  },
  {
    key: "GET /api/v1/submissions/[id]/instances",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.privA}/instances` }),
    expect: teamA(200),
    why: "as the submission",
  },
  {
    key: "GET /api/v1/submissions/[id]/policy",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.privA}/policy` }),
    expect: teamA(400),
    why: "as the submission (400: the threshold explorer is for A&V tasks)",
  },
  {
    key: "GET /api/v1/submissions/[id]/length-buckets",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.pub}/length-buckets` }),
    expect: all(200),
    why: "a public submission's length buckets",
  },
  {
    key: "GET /api/v1/submissions/[id]/length-buckets",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.privA}/length-buckets` }),
    expect: teamA(200),
    why: "as the submission",
  },
  {
    key: "GET /api/v1/submissions/[id]/breakdown",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.pub}/breakdown?by=repository` }),
    expect: all(200),
    why: "a public submission's per-slice metrics",
  },
  {
    key: "GET /api/v1/submissions/[id]/breakdown",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.privA}/breakdown?by=repository` }),
    expect: teamA(200),
    why: "as the submission",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/breakdowns",
    runner: "api",
    call: () => ({ path: "/api/v1/tasks/bouncerbench/input/breakdowns" }),
    expect: all(200),
    why: "a public release's attributes",
  },
  {
    key: "POST /api/v1/tasks/[benchmark]/[task]/compose",
    runner: "api",
    call: (w) => ({ path: "/api/v1/tasks/bouncerbench/lite/compose", json: { input: w.privA, output: w.privA } }),
    expect: { anonymous: 401, memberA: 422, memberB: 404, admin: 422 },
    why: "members only; a private submission is its team's (others: 404)",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/pivot",
    runner: "api",
    call: () => ({ path: "/api/v1/tasks/bouncerbench/input/pivot?rows=team&cols=agentic" }),
    expect: all(200),
    why: "public submissions' metadata crossed, from the public board",
  },
  {
    key: "GET /api/v1/submissions/[id]/predictions/[instance]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.privA}/predictions/${w.instance}` }),
    expect: teamA(200),
    why: "as the submission",
  },
  {
    key: "GET /api/v1/jobs/[id]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/jobs/${w.jobA}` }),
    expect: { anonymous: 401, memberA: 200, memberB: 404, admin: 200 },
    why: "who started it (and admins)",
  },
  {
    key: "GET /api/v1/jobs/[id]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/jobs/${w.adminJob}` }),
    expect: { anonymous: 401, memberA: 404, memberB: 404, admin: 200 },
    why: "an admin's job is not a member's",
  },
  {
    key: "GET /api/v1/tokens",
    runner: "api",
    call: () => ({ path: "/api/v1/tokens" }),
    expect: members(200),
    why: "a team's own tokens",
  },
  {
    key: "POST /api/v1/tokens",
    runner: "api",
    call: () => ({ path: "/api/v1/tokens", json: { name: "authz" } }),
    expect: members(201),
    why: "a token for one's own team",
  },
  {
    key: "DELETE /api/v1/tokens/[id]",
    runner: "api",
    fresh: "tokenA",
    call: () => ({ path: "/api/v1/tokens/{fresh}" }),
    expect: { anonymous: 401, memberA: 204, memberB: 404, admin: 204 },
    why: "its team and admins revoke; others cannot tell it exists",
  },
  {
    key: "POST /api/v1/signup",
    runner: "api",
    call: (_w, role, n) => ({
      path: "/api/v1/signup",
      json: {
        email: `authz-${role.toLowerCase()}-${n}@example.org`,
        password: "a long passphrase here",
        name: `Authz ${role}`,
      },
    }),
    expect: all(201),
    why: "anyone may create an account (rate-limited per client)",
  },
  {
    key: "GET /api/v1/admin/jobs/[id]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/admin/jobs/${w.adminJob}` }),
    expect: adminOnly(200),
    why: "operators only",
  },
  {
    key: "GET /api/v1/admin/releases/[id]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/admin/releases/${w.draftId}` }),
    expect: adminOnly(200),
    why: "truth preview: admins only",
  },
  {
    key: "POST /api/v1/admin/releases",
    runner: "api",
    call: (w, role, n) => ({
      path: "/api/v1/admin/releases",
      multipart: {
        fields: { task: "bouncerbench/input", version: `authz-${role}-${n}` },
        file: { name: "r.csv", text: `instance_id,underspecified\n${w.instance},2\n` },
      },
    }),
    expect: adminOnly(201),
    why: "imports: admins only",
  },
  {
    key: "PATCH /api/v1/admin/tasks/[benchmark]/[task]",
    runner: "api",
    call: () => ({ path: "/api/v1/admin/tasks/cr-bench/review", json: { quotaPerDay: 50, quotaTotal: null } }),
    expect: adminOnly(200),
    why: "quotas are set by admins",
  },
  {
    key: "POST /api/v1/admin/releases/[id]/publish",
    runner: "api",
    fresh: "draft",
    call: () => ({ path: "/api/v1/admin/releases/{fresh}/publish" }),
    expect: adminOnly(202),
    why: "publishing: admins only",
  },
  {
    key: "POST /api/v1/admin/releases/[id]/snapshots",
    runner: "api",
    call: (w) => ({ path: `/api/v1/admin/releases/${w.draftId}/snapshots` }),
    // a draft is not snapshotted: admins hear why, others never get that far
    expect: adminOnly(409),
    why: "snapshots on demand: admins only",
  },
  {
    key: "DELETE /api/v1/admin/snapshots/[id]",
    runner: "api",
    call: () => ({ path: `/api/v1/admin/snapshots/${"0".repeat(64)}`, json: { reason: "authz matrix" } }),
    expect: adminOnly(404),
    why: "takedowns: admins only (an unknown snapshot is a 404 for them)",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/snapshots",
    runner: "api",
    call: () => ({ path: "/api/v1/tasks/bouncerbench/input/snapshots" }),
    expect: all(200),
    why: "a task's snapshots are public",
  },
  {
    key: "GET /api/v1/snapshots/[id]",
    runner: "api",
    call: () => ({ path: `/api/v1/snapshots/${"0".repeat(64)}` }),
    expect: all(404),
    why: "snapshots are public; an unknown one is a 404 for everyone",
  },
  {
    key: "GET /api/v1/snapshots/[id]/eee",
    runner: "api",
    call: () => ({ path: `/api/v1/snapshots/${"0".repeat(64)}/eee` }),
    expect: all(404),
    why: "the Every Eval Ever export is public; an unknown snapshot is a 404 for everyone",
  },
  {
    key: "GET /api/v1/snapshots/[id]/files/[name]",
    runner: "api",
    call: () => ({ path: `/api/v1/snapshots/${"0".repeat(64)}/files/board.parquet` }),
    expect: all(404),
    why: "snapshot files are public; an unknown snapshot is a 404 for everyone",
  },
  {
    key: "GET /api/v1/snapshots/[id]/signature",
    runner: "api",
    call: () => ({ path: `/api/v1/snapshots/${"0".repeat(64)}/signature` }),
    expect: all(404),
    why: "a snapshot's signature is public; an unknown snapshot is a 404 for everyone",
  },
  {
    key: "GET /.well-known/leaderboard-keys.json",
    runner: "api",
    call: () => ({ path: "/.well-known/leaderboard-keys.json" }),
    expect: all(200),
    why: "the host's public signing keys are public",
  },
  {
    key: "GET /api/auth/[...nextauth]",
    runner: "e2e",
    call: () => ({ path: "/api/auth/session" }),
    expect: all(200),
    why: "next-auth: the session (empty when signed out)",
  },
  {
    key: "POST /api/auth/[...nextauth]",
    runner: "e2e",
    call: () => ({ path: "/api/auth/signout", json: {} }),
    expect: all(302),
    why: "next-auth checks its own CSRF token: without it, the caller is sent back to the sign-out page and nothing happens",
  },

  // ---------------------------------------------------------------- teams, moderation, audit, discovery
  { key: "GET /api/v1/me", runner: "api", call: () => ({ path: "/api/v1/me" }), expect: members(200), why: "whoami" },
  {
    key: "GET /api/v1/openapi.json",
    runner: "api",
    call: () => ({ path: "/api/v1/openapi.json" }),
    expect: all(200),
    why: "the API's description is public",
  },
  {
    key: "GET /api/v1/teams/[slug]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/teams/${w.teamA}` }),
    expect: all(200),
    why: "team pages are public (private parts only for members, in the body)",
  },
  {
    key: "PATCH /api/v1/teams/[slug]",
    runner: "api",
    call: (w, _role, n) => ({ path: `/api/v1/teams/${w.teamA}`, json: { name: `Team A renamed ${n}` } }),
    expect: { anonymous: 401, memberA: 200, memberB: 404, admin: 200 },
    why: "owners rename their team; outsiders cannot tell the team has this",
  },
  {
    key: "POST /api/v1/teams/[slug]/invitations",
    runner: "api",
    call: (w) => ({ path: `/api/v1/teams/${w.teamA}/invitations` }),
    expect: { anonymous: 401, memberA: 201, memberB: 404, admin: 201 },
    why: "owners invite; outsiders cannot tell the team has this",
  },
  {
    key: "POST /api/v1/invitations/[token]",
    runner: "api",
    fresh: "invitationC",
    call: () => ({ path: "/api/v1/invitations/{fresh}" }),
    expect: { anonymous: 401, memberA: 200, memberB: 200, admin: 401 },
    why: "a signed-in user accepts (the admin here is a token without a user)",
  },
  {
    key: "PATCH /api/v1/teams/[slug]/members/[userId]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/teams/${w.teamA}/members/${w.memberOfA}`, json: { role: "member" } }),
    expect: { anonymous: 401, memberA: 200, memberB: 404, admin: 200 },
    why: "owners change roles",
  },
  {
    key: "DELETE /api/v1/teams/[slug]/members/[userId]",
    runner: "api",
    fresh: "memberA",
    call: (w) => ({ path: `/api/v1/teams/${w.teamA}/members/{fresh}` }),
    expect: { anonymous: 401, memberA: 204, memberB: 404, admin: 204 },
    why: "owners remove members",
  },
  {
    key: "PATCH /api/v1/submissions/[id]",
    runner: "api",
    call: (w) => ({ path: `/api/v1/submissions/${w.privA}`, json: { visibility: "private" } }),
    expect: { anonymous: 401, memberA: 200, memberB: 404, admin: 200 },
    why: "the team's owners and admins",
  },
  {
    key: "POST /api/v1/admin/submissions/[id]/verify",
    runner: "api",
    call: (w) => ({ path: `/api/v1/admin/submissions/${w.privA}/verify`, json: { verified: false } }),
    expect: adminOnly(200),
    why: "moderation: admins",
  },
  {
    key: "POST /api/v1/admin/submissions/[id]/hide",
    runner: "api",
    call: (w) => ({ path: `/api/v1/admin/submissions/${w.privA}/hide`, json: { reason: null } }),
    expect: adminOnly(200),
    why: "moderation: admins",
  },
  {
    key: "DELETE /api/v1/admin/submissions/[id]",
    runner: "api",
    fresh: "submission",
    call: () => ({ path: "/api/v1/admin/submissions/{fresh}" }),
    expect: adminOnly(204),
    why: "moderation: admins",
  },
  {
    key: "POST /api/v1/admin/teams/[slug]/approval",
    runner: "api",
    call: (w) => ({ path: `/api/v1/admin/teams/${w.teamC}/approval` }),
    expect: adminOnly(200),
    why: "approving teams for hidden releases: admins only",
  },
  {
    key: "DELETE /api/v1/admin/teams/[slug]/approval",
    runner: "api",
    call: (w) => ({ path: `/api/v1/admin/teams/${w.teamC}/approval` }),
    expect: adminOnly(200),
    why: "withdrawing an approval: admins only",
  },
  {
    key: "POST /api/v1/admin/users/unlock",
    runner: "api",
    call: () => ({ path: "/api/v1/admin/users/unlock", json: { email: "locked-out@example.org" } }),
    expect: adminOnly(200),
    why: "lifting sign-in limits: admins only",
  },
  {
    key: "GET /api/v1/admin/activity",
    runner: "api",
    call: () => ({ path: "/api/v1/admin/activity" }),
    expect: adminOnly(200),
    why: "the activity log is for admins",
  },
  {
    key: "GET /api/v1/tasks/[benchmark]/[task]/changelog",
    runner: "api",
    call: () => ({ path: "/api/v1/tasks/bouncerbench/input/changelog" }),
    expect: all(200),
    why: "public changelog",
  },

  // ---------------------------------------------------------------- link-preview images
  {
    key: "GET /og/tasks/[benchmark]/[task]",
    runner: "api",
    call: () => ({ path: "/og/tasks/bouncerbench/input" }),
    expect: all(200),
    why: "a public board's preview",
  },
  {
    key: "GET /og/submissions/[id]",
    runner: "api",
    call: (w) => ({ path: `/og/submissions/${w.pub}` }),
    expect: all(200),
    why: "a public submission's preview",
  },
  {
    key: "GET /og/submissions/[id]",
    runner: "api",
    call: (w) => ({ path: `/og/submissions/${w.privA}` }),
    expect: teamA(200),
    why: "a private submission has no public preview",
  },
  {
    key: "GET /og/tasks/[benchmark]/[task]/compare",
    runner: "api",
    call: (w) => ({ path: `/og/tasks/bouncerbench/input/compare?ids=${w.pub},${w.privA}` }),
    expect: teamA(200),
    why: "as the submissions compared",
  },
  {
    key: "GET /badges/tasks/[benchmark]/[task]/submissions/[file]",
    runner: "api",
    call: (w) => ({ path: `/badges/tasks/bouncerbench/input/submissions/${w.pub}.svg` }),
    expect: all(200),
    why: "a public submission's README badge",
  },
  {
    key: "GET /badges/tasks/[benchmark]/[task]/submissions/[file]",
    runner: "api",
    call: (w) => ({ path: `/badges/tasks/bouncerbench/input/submissions/${w.privA}.svg` }),
    expect: teamA(200),
    why: "a private submission has no public badge",
  },
  {
    key: "GET /badges/tasks/[benchmark]/[task]/teams/[file]",
    runner: "api",
    call: (w) => ({ path: `/badges/tasks/bouncerbench/input/teams/${w.teamA}.svg` }),
    expect: all(200),
    why: "teams and their best rows are public",
  },

  // ---------------------------------------------------------------- pages
  { key: "PAGE /", runner: "e2e", call: () => ({ path: "/" }), expect: all(200), why: "home" },
  { key: "PAGE /signin", runner: "e2e", call: () => ({ path: "/signin" }), expect: all(200), why: "sign in" },
  { key: "PAGE /signup", runner: "e2e", call: () => ({ path: "/signup" }), expect: all(200), why: "sign up" },
  {
    key: "PAGE /account",
    runner: "e2e",
    call: () => ({ path: "/account" }),
    expect: { anonymous: 307, memberA: 200, memberB: 200, admin: 200 },
    why: "one's own account; visitors are sent to sign in",
  },
  {
    key: "PAGE /admin",
    runner: "e2e",
    call: () => ({ path: "/admin" }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 200 },
    why: "does not exist for non-admins",
  },
  { key: "PAGE /submit", runner: "e2e", call: () => ({ path: "/submit" }), expect: all(200), why: "task chooser" },
  {
    key: "PAGE /submissions/[id]",
    runner: "e2e",
    call: (w) => ({ path: `/submissions/${w.privA}` }),
    expect: teamA(200),
    why: "private: its team and admins",
  },
  {
    key: "PAGE /submissions/[id]",
    runner: "e2e",
    call: (w) => ({ path: `/submissions/${w.pub}` }),
    expect: all(200),
    why: "public submission",
  },
  {
    key: "PAGE /submissions/[id]/predictions/[instance]",
    runner: "e2e",
    call: (w) => ({ path: `/submissions/${w.privA}/predictions/${w.instance}` }),
    expect: teamA(200),
    why: "the trace viewer: as the submission (404 hides a private one from others)",
  },
  {
    key: "PAGE /submissions/[id]/predictions/[instance]",
    runner: "e2e",
    call: (w) => ({ path: `/submissions/${w.pub}/predictions/${w.instance}` }),
    expect: all(200),
    why: "the trace viewer of a public submission",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]",
    runner: "e2e",
    call: () => ({ path: "/tasks/bouncerbench/input" }),
    expect: all(200),
    why: "leaderboard",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input?release=${w.draftVersion}` }),
    expect: all(404),
    why: "no board of a draft",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/compare",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input/compare?ids=${w.pub},${w.privA}` }),
    expect: teamA(200),
    why: "comparing a private submission: its team and admins",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/pivot",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input/pivot?release=${w.draftVersion}` }),
    expect: all(404),
    why: "no pivot of a draft (public releases: anyone)",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/instances",
    runner: "e2e",
    call: () => ({ path: "/tasks/bouncerbench/input/instances" }),
    expect: all(200),
    why: "instance explorer (public truth)",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/instances",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input/instances?release=${w.draftVersion}` }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 200 },
    why: "a draft's instances: admins only; others get 404, not an empty 200",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/instances/[id]",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input/instances/${w.instance}` }),
    expect: all(200),
    why: "one instance",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/instances/[id]",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input/instances/${w.instance}?release=${w.draftVersion}` }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 200 },
    why: "a draft's truth: admins only",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/releases",
    runner: "e2e",
    call: () => ({ path: "/tasks/bouncerbench/input/releases" }),
    expect: all(200),
    why: "release list",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/releases/[version]",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input/releases/${w.publishedVersion}` }),
    expect: all(200),
    why: "a published release",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/releases/[version]",
    runner: "e2e",
    call: (w) => ({ path: `/tasks/bouncerbench/input/releases/${w.draftVersion}` }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 200 },
    why: "a draft: admins only",
  },
  {
    key: "PAGE /teams/[slug]",
    runner: "e2e",
    call: (w) => ({ path: `/teams/${w.teamA}` }),
    expect: all(200),
    why: "a team's page",
  },
  {
    key: "PAGE /invitations/[token]",
    runner: "e2e",
    call: (w) => ({ path: `/invitations/${w.inviteC}` }),
    expect: all(200),
    why: "an invitation offers to sign in or accept",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/changelog",
    runner: "e2e",
    call: () => ({ path: "/tasks/bouncerbench/input/changelog" }),
    expect: all(200),
    why: "public changelog",
  },
  {
    key: "PAGE /admin/activity",
    runner: "e2e",
    call: () => ({ path: "/admin/activity" }),
    expect: { anonymous: 404, memberA: 404, memberB: 404, admin: 200 },
    why: "admins only",
  },
  { key: "PAGE /docs/api", runner: "e2e", call: () => ({ path: "/docs/api" }), expect: all(200), why: "API reference" },
  {
    key: "PAGE /snapshots/[id]",
    runner: "e2e",
    call: () => ({ path: `/snapshots/${"0".repeat(64)}` }),
    expect: all(404),
    why: "a snapshot's page is public (e2e/snapshot-verify.spec.ts opens a real one); an unknown id is a 404 for everyone",
  },
  {
    key: "PAGE /tasks/[benchmark]/[task]/submit",
    runner: "e2e",
    call: () => ({ path: "/tasks/bouncerbench/input/submit" }),
    expect: { anonymous: 307, memberA: 200, memberB: 200, admin: 200 },
    why: "upload form; visitors are sent to sign in",
  },
];

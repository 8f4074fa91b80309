// The bad-request corpus (test/fixtures/bad-requests/*.json): every request a user could get
// wrong, sent to the route its path names (test/helpers/router.ts), must answer its expected
// status and error code — never a 500 — and write no row anywhere.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importRelease } from "@/lib/server/releases";
import { createJob } from "@/lib/server/jobs";
import { sqlOf } from "@/lib/server/db";
import { submitPredictions } from "@/lib/server/submissions";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { INPUT_IDS as ids, signedUpMember } from "../helpers/bouncer";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { dispatch } from "../helpers/router";

interface Case {
  name: string;
  method: string;
  path: string;
  auth: "none" | "member" | "admin";
  headers?: Record<string, string>;
  json?: unknown;
  body?: string;
  /** a generated body of this many bytes (`body` repeated) */
  bodyBytes?: number;
  contentType?: string;
  /** a file's bytes: text (with {{VAR}}s), base64, or generated (`gen`: a deep nest, a big trace, a flood of unknown ids) */
  multipart?: {
    fields: Record<string, string>;
    files?: ({ field: string; name: string; text?: string; base64?: string } & Partial<Gen>)[];
  };
  expect: { status: number; code: string; message?: string };
}
type Gen = { gen: "nest" | "bigtrace" | "unknown-ids" | "padding"; depth?: number; bytes?: number; count?: number };

const DIR = path.resolve("test/fixtures/bad-requests");
const corpus: { file: string; c: Case }[] = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .flatMap((file) =>
    (JSON.parse(fs.readFileSync(path.join(DIR, file), "utf8")) as { cases: Case[] }).cases.map((c) => ({ file, c })),
  );

let db: TestDatabase;
const vars: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  db = await seededTestDatabase();
  vars.ID0 = ids[0];
  vars.ID1 = ids[1];
  vars.UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";
  const { user, team, token } = await signedUpMember(db, "corpus-member@example.org", "Corpus");
  vars.MEMBER_EMAIL = user.email;
  vars.MEMBER_ID = user.id;
  vars.MEMBER_TEAM = team.slug;
  tokens.member = token;
  tokens.admin = await teamToken(db, "corpus-admins", { isAdmin: true });
  const other = await ensureTeam(db.prisma, "corpus-other");
  vars.OTHER_TOKEN_ID = (await createApiToken(db.prisma, { teamId: other.id })).id;
  const priv = await submitPredictions(db.prisma, {
    task: "bouncerbench/input",
    text: JSON.stringify({ [ids[0]]: { input_bounce: true } }),
    teamId: other.id,
    userId: null,
    model: "private one",
    visibility: "private",
  });
  vars.PRIVATE_SUB_OTHER = priv.id!;
  const pub = await db.prisma.submission.findFirstOrThrow({
    where: { task: { fullSlug: "bouncerbench/input" }, visibility: "public", baseline: null },
  });
  vars.PUBLIC_SUB = pub.id;
  const input = await db.prisma.task.findUniqueOrThrow({
    where: { fullSlug: "bouncerbench/input" },
    include: { releases: { where: { status: "published" } } },
  });
  vars.PUBLISHED_RELEASE_ID = input.releases[0].id;
  await importRelease(db.prisma, {
    task: "bouncerbench/input",
    version: "draft-1",
    text: `instance_id,underspecified\n${ids[0]},3\n`,
    fileName: "d.csv",
  });
  vars.ADMIN_JOB = await createJob(
    sqlOf(db.prisma),
    "rescore",
    { releaseId: vars.PUBLISHED_RELEASE_ID, task: "bouncerbench/input", version: input.releases[0].version },
    { total: 0, createdBy: null },
  );
  await db.query(`DELETE FROM graphile_worker._private_jobs`);
});
afterAll(async () => db?.drop());

const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? `{{${k}}}`);

function generate(g: Gen): string {
  if (g.gen === "unknown-ids") return `{${Array.from({ length: g.count! }, (_, i) => `"i${i}":0`).join(",")}}`;
  if (g.gen === "nest")
    return `{"${vars.ID0}": {"input_bounce": true, "trace": ${"[".repeat(g.depth!)}${"]".repeat(g.depth!)}}}`;
  return JSON.stringify({ [vars.ID0]: { input_bounce: true, trace: "x".repeat(g.bytes!) } });
}

function build(c: Case): Request {
  const headers = new Headers(Object.fromEntries(Object.entries(c.headers ?? {}).map(([k, v]) => [k, fill(v)])));
  if (c.auth !== "none") headers.set("authorization", `Bearer ${tokens[c.auth]}`);
  let body: BodyInit | undefined;
  if (c.multipart) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(c.multipart.fields)) fd.append(k, fill(v));
    for (const f of c.multipart.files ?? []) {
      const bytes =
        f.base64 !== undefined
          ? Buffer.from(f.base64, "base64")
          : f.gen
            ? Buffer.from(generate(f as Gen))
            : Buffer.from(fill(f.text ?? ""));
      fd.append(f.field, new Blob([bytes], { type: "application/json" }), f.name);
    }
    body = fd;
  } else if (c.json !== undefined) {
    body = fill(JSON.stringify(c.json));
    headers.set("content-type", "application/json");
  } else if (c.body !== undefined) {
    body = c.bodyBytes ? c.body.repeat(Math.ceil(c.bodyBytes / c.body.length)).slice(0, c.bodyBytes) : c.body;
    if (c.contentType) headers.set("content-type", c.contentType);
  }
  return new Request(`http://localhost${fill(c.path)}`, { method: c.method, headers, body });
}

async function allRows(): Promise<Record<string, number>> {
  const tables = await db.query<{ t: string }>(
    `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT IN ('_prisma_migrations', 'rate_limits') ORDER BY 1`,
  );
  const out: Record<string, number> = {};
  for (const { t } of tables)
    out[t] = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${t}"`))[0].n);
  out.queued_jobs = Number(
    (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM graphile_worker._private_jobs`))[0].n,
  );
  return out;
}

describe("the bad-request corpus", () => {
  it("holds at least 100 requests, each named once", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(100);
    expect(new Set(corpus.map((x) => x.c.name)).size).toBe(corpus.length);
  });

  it.each(corpus.map((x) => [`${x.file}: ${x.c.name}`, x.c] as const))("%s", async (_, c) => {
    await db.query(`DELETE FROM rate_limits`); // limits are tested on their own (security.test.ts)
    const before = await allRows();
    const res = await dispatch(build(c));
    const text = await res.text();
    let body: { error?: { code?: string; message?: string } } = {};
    try {
      body = JSON.parse(text);
    } catch {
      /* asserted below */
    }
    expect(res.status, text.slice(0, 400)).toBe(c.expect.status);
    expect(body.error?.code, text.slice(0, 400)).toBe(c.expect.code);
    expect(body.error?.message?.length ?? 0).toBeGreaterThan(0);
    if (c.expect.message) expect(body.error?.message ?? "").toMatch(new RegExp(c.expect.message, "i"));
    expect(await allRows()).toEqual(before);
  });
});

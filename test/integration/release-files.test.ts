// What a submitter downloads of a release — its instance ids and a blank prediction file — through
// the real route handlers on a seeded PostgreSQL: the ids are the release's, the template of every
// task of the catalog is read by the kind's own parser (filled in it uploads, unfilled each blank
// is a problem), nothing of the truth is in either, drafts and hidden releases stay closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as instancesRoute } from "@/app/api/v1/tasks/[benchmark]/[task]/releases/[version]/instances/route";
import { GET as templateRoute } from "@/app/api/v1/tasks/[benchmark]/[task]/releases/[version]/template/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { POST as importRoute } from "@/app/api/v1/admin/releases/route";
import type { Problem } from "@/lib/errors";
import { parsePredictionFile } from "@/lib/files/parse-prediction-file";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { CATALOG } from "@/lib/tasks/catalog";
import type { StoredInstance } from "@/lib/tasks/types";
import { validatePredictionText } from "@/lib/tasks/validate";
import { seededWithTokens, type TestDatabase } from "../helpers/seeded";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

let db: TestDatabase;
let admin: string;
let member: string;

const TASKS = CATALOG.flatMap((b) => b.tasks.map((t) => `${b.slug}/${t.slug}`));
/** Tasks whose verdicts are an LLM judge's: uploads name it (issue 20). */
const JUDGED: Record<string, Record<string, string>> = {
  "cr-bench/review": { judge_model: "claude-sonnet-4.5", judge_prompt: "cr-evaluator" },
  "abstain-validate/repair": { judge_model: "gemini-2.5-pro", judge_prompt: "fix-spec" },
};

beforeAll(async () => void ({ db, admin, member } = await seededWithTokens("Submitters")), 300_000);
afterAll(async () => db?.drop());

const paramsOf = (task: string, version: string) => {
  const [benchmark, t] = task.split("/");
  return { benchmark, task: t, version };
};
const base = (task: string, version: string) => `/api/v1/tasks/${task}/releases/${version}`;

async function ids(
  task: string,
  version: string,
  opts: { token?: string; query?: string; headers?: HeadersInit } = {},
) {
  const url = `http://localhost${base(task, version)}/instances${opts.query ?? ""}`;
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  return instancesRoute(new Request(url, { headers }), ctx(paramsOf(task, version)));
}

async function template(task: string, version: string, token?: string) {
  return templateRoute(getRequest(`${base(task, version)}/template`, token), ctx(paramsOf(task, version)));
}

/** The task's current release and its stored instances in release order (truth included: the test compares). */
async function current(task: string) {
  const t = await getTaskOrThrow(db.prisma, task);
  const release = await db.prisma.release.findFirstOrThrow({ where: { taskId: t.id, status: "published" } });
  const rows = await db.prisma.instance.findMany({ where: { releaseId: release.id }, orderBy: { position: "asc" } });
  const instances = rows.map((r) => ({
    externalId: r.externalId,
    truth: r.truth,
    metadata: r.metadata,
  })) as StoredInstance[];
  return { t, release, instances };
}

/** Keys whose values are not objects (the leaves), anywhere in a JSON value. */
function leafKeys(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) v.forEach((x) => leafKeys(x, out));
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      if (x && typeof x === "object" && !Array.isArray(x)) leafKeys(x, out);
      else if (Array.isArray(x) && x.some((y) => y && typeof y === "object")) leafKeys(x, out);
      else out.add(k);
    }
  return out;
}
function strings(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === "string") out.add(v);
  else if (Array.isArray(v)) v.forEach((x) => strings(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => strings(x, out));
  return out;
}

/** What a team would write in each blank (CI-Bench's patch is added: the template leaves it out). */
const VALUES: Record<string, unknown> = {
  input_bounce: true,
  output_bounce: false,
  validation_judgment: false,
  score: 0.3,
  input_score: 0.3,
  output_score: 0.7,
  abstention_score: 0.5,
  validation_score: 0.2,
  trace: "read it",
  comments: [],
  patch: null,
};
function fill(v: unknown, key?: string): unknown {
  if (v === null) return VALUES[key!];
  if (Array.isArray(v)) return v.map((x) => fill(x));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x, k)]));
  return v;
}

async function dryRun(task: string, text: string) {
  const [benchmark, t] = task.split("/");
  const res = await submit(
    multipartRequest(
      `/api/v1/tasks/${task}/submissions`,
      { model: "template-check", dry_run: "true", ...JUDGED[task] },
      { name: "template.json", text },
      member,
    ),
    ctx({ benchmark, task: t }),
  );
  return { status: res.status, body: await res.json() };
}

describe("GET …/releases/{version}/instances", () => {
  it.each(TASKS)("%s: the release's ids in release order, cacheable with an ETag", async (task) => {
    const { release, instances } = await current(task);
    const res = await ids(task, release.version);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      task,
      release: { version: release.version, status: "published", synthetic: release.synthetic },
      count: instances.length,
      ids: instances.map((i) => i.externalId),
    });
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await ids(task, release.version, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("?format=txt: one id per line, text/plain, an attachment", async () => {
    const { release, instances } = await current("bouncerbench/input");
    expect(instances.length).toBe(1699);
    const res = await ids("bouncerbench/input", release.version, { query: "?format=txt" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="bouncerbench-input-${release.version}-instances.txt"`,
    );
    const text = await res.text();
    expect(text.endsWith("\n")).toBe(true);
    expect(text.trimEnd().split("\n")).toEqual(instances.map((i) => i.externalId));
    // its own ETag (other bytes than the JSON's)
    const json = await ids("bouncerbench/input", release.version);
    expect(res.headers.get("etag")).not.toBe(json.headers.get("etag"));
  });

  it("an archived release answers too; an unknown version or format does not", async () => {
    const t = await getTaskOrThrow(db.prisma, "bouncerbench/input");
    const archived = await db.prisma.release.findFirst({ where: { taskId: t.id, status: "archived" } });
    expect(archived?.version).toBe("1.0"); // the seed's 1.1 replaced it
    expect((await ids("bouncerbench/input", archived!.version)).status).toBe(200);
    expect((await ids("bouncerbench/input", "9.9")).status).toBe(404);
    expect((await template("bouncerbench/input", "9.9")).status).toBe(404);
    expect((await ids("bouncerbench/input", "1.0", { query: "?format=csv" })).status).toBe(422);
    expect((await ids("nope/none", "1.0")).status).toBe(404);
  });
});

describe("GET …/releases/{version}/template, for every task of the catalog", () => {
  it.each(TASKS)("%s: the kind's parser reads it — unfilled, each blank is a problem; filled, none", async (task) => {
    const { t, release, instances } = await current(task);
    const res = await template(task, release.version);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${task.replace("/", "-")}-${release.version}-template.json"`,
    );
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const text = await res.text();
    const file = JSON.parse(text) as Record<string, Record<string, unknown>>;
    expect(Object.keys(file).sort()).toEqual(instances.map((i) => i.externalId).sort());
    expect(text.split("\n").length).toBe(instances.length + 3); // "{", one line per instance, "}", ""

    // every entry through the kind's own parser, as the upload splits the file
    const parsed = parsePredictionFile(text, "template.json");
    expect(parsed.problems).toEqual([]);
    expect(parsed.format).toBe("official");
    const blanks = t.kind.template!(instances, t.options).blanks;
    const byId = new Map(instances.map((i) => [i.externalId, i]));
    const found: string[] = [];
    for (const e of parsed.entries) {
      const r = t.kind.parsePrediction(e.id, e.value, t.options, byId.get(e.id)!);
      expect(r.ok, e.id).toBe(false);
      if (!r.ok) found.push(...r.problems.map((p: Problem) => `${p.instanceId} ${p.field}`));
    }
    expect(found.sort()).toEqual(blanks.map((b) => `${b.instanceId} ${b.field}`).sort());
    expect(new Set(blanks.map((b) => b.instanceId)).size).toBe(instances.length);

    // filled in, the file is valid as it is (and the upload route takes it: a dry run)
    const filled = fill(file) as Record<string, Record<string, unknown>>;
    for (const b of blanks)
      if (!/[[.]/.test(b.field) && !(b.field in filled[b.instanceId])) filled[b.instanceId][b.field] = VALUES[b.field];
    const ok = validatePredictionText(t, instances, JSON.stringify(filled), "filled.json");
    expect(ok.predictions.size).toBe(instances.length);
    const up = await dryRun(task, JSON.stringify(filled));
    expect(up.status, JSON.stringify(up.body).slice(0, 300)).toBe(200);
    expect(up.body.status).toBe("validated");
    expect(up.body.validation).toMatchObject({ covered: instances.length, total: instances.length, partial: false });

    // unfilled, the upload is a 422 whose problems name the blanks
    const bad = await dryRun(task, text);
    expect(bad.status).toBe(422);
    const names = new Set(blanks.map((b) => `${b.instanceId} ${b.field}`));
    const listed = (bad.body.error.details.problems as Problem[]).filter((p) => p.instanceId);
    expect(listed.length).toBeGreaterThan(0);
    for (const p of listed) expect(names.has(`${p.instanceId} ${p.field}`), `${p.instanceId} ${p.field}`).toBe(true);
  });

  it.each(TASKS)("%s: nothing of the truth in either answer", async (task) => {
    const { release, instances } = await current(task);
    const bodies = [
      await (await template(task, release.version)).text(),
      await (await ids(task, release.version)).text(),
      await (await ids(task, release.version, { query: "?format=txt" })).text(),
    ];
    const truthKeys = new Set(instances.flatMap((i) => [...leafKeys(i.truth)]));
    expect(truthKeys.size).toBeGreaterThan(0);
    const publicStrings = new Set(instances.flatMap((i) => [i.externalId, ...strings(i.metadata)]));
    // truth values that are not also public (A&V's trajectory ids are in the metadata too)
    const secret = [...new Set(instances.flatMap((i) => [...strings(i.truth)]))].filter((s) => !publicStrings.has(s));
    if (task === "cr-bench/review" || task === "ci-bench/repair") expect(secret.length).toBeGreaterThan(0);
    for (const body of bodies.slice(0, 2)) {
      const keys = leafKeys(JSON.parse(body));
      expect([...keys].filter((k) => truthKeys.has(k))).toEqual([]);
      for (const s of secret) expect(body.includes(JSON.stringify(s)), s.slice(0, 40)).toBe(false);
    }
    const lines = new Set(bodies[2].trimEnd().split("\n"));
    expect(secret.filter((s) => lines.has(s))).toEqual([]);
  });
});

describe("drafts and hidden releases", () => {
  const csv = (version: string) =>
    ["instance_id,underspecified", ...Array.from({ length: 6 }, (_, i) => `draft__${version}-${i},${i % 4}`)].join(
      "\n",
    );
  async function importRelease(fields: Record<string, string>) {
    const res = await importRoute(
      multipartRequest("/api/v1/admin/releases", fields, { name: "r.csv", text: csv(fields.version) }, admin),
      ctx({}),
    );
    expect(res.status).toBe(201);
  }

  it("a draft is a 404 to a stranger and a member, an admin's only (never cached)", async () => {
    await importRelease({ task: "bouncerbench/input", version: "7.0-draft" });
    for (const token of [undefined, member]) {
      expect((await ids("bouncerbench/input", "7.0-draft", { token })).status).toBe(404);
      expect((await template("bouncerbench/input", "7.0-draft", token)).status).toBe(404);
    }
    const res = await ids("bouncerbench/input", "7.0-draft", { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("etag")).toBeNull();
    expect((await res.json()).ids).toEqual(Array.from({ length: 6 }, (_, i) => `draft__7.0-draft-${i}`));
    const tpl = await template("bouncerbench/input", "7.0-draft", admin);
    expect(tpl.status).toBe(200);
    expect(tpl.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a hidden release's list is not published: 403 to all but admins", async () => {
    await importRelease({ task: "bouncerbench/input", version: "8.0-hidden", hidden: "true", publish: "true" });
    for (const token of [undefined, member]) {
      const res = await ids("bouncerbench/input", "8.0-hidden", { token });
      expect(res.status).toBe(403);
      const body = await res.text();
      expect(body).not.toContain("draft__8.0-hidden");
      expect(body).toMatch(/hidden/);
      expect((await ids("bouncerbench/input", "8.0-hidden", { token, query: "?format=txt" })).status).toBe(403);
      expect((await template("bouncerbench/input", "8.0-hidden", token)).status).toBe(403);
    }
    const res = await template("bouncerbench/input", "8.0-hidden", admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(Object.keys(JSON.parse(await res.text()))).toHaveLength(6);
  });
});

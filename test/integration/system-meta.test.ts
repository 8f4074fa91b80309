// Structured system metadata, judge provenance and the pivot view (issue 20, items 2 and 5)
// through the route handlers on a real PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { GPT as gpt, gptVariant as variant, INPUT_IDS as ids, signedUpMember } from "../helpers/bouncer";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiCall, uploadFile, type Json } from "../helpers/requests";

let db: TestDatabase;
let token = "";
const review = generateSynthetic().find((t) => t.task === "cr-bench/review")!.submissions;

const call = (method: string, url: string, body?: unknown, auth = true) =>
  apiCall(method, url, { token: auth ? token : undefined, body });

const upload = (task: string, text: string, fields: Record<string, string>) => uploadFile(task, text, fields, token);

const submissions = () => db.prisma.submission.count();

beforeAll(async () => {
  db = await seededTestDatabase({ runJobs: true });
  token = (await signedUpMember(db, "meta@example.org", "Meta Lab")).token;
});
afterAll(async () => db?.drop());

describe("system metadata", () => {
  let id = "";
  it("is stored as given, shown by the submission API, the board and its exports", async () => {
    const r = await upload("bouncerbench/input", variant(5), {
      model: "meta-a",
      agent: "SWE-agent",
      base_model: "gpt-4o",
      temperature: "0.2",
      reasoning_effort: "high",
      agentic: "true",
      tokens_in: "120000",
      tokens_out: "3400",
      code_url: "https://example.org/code",
      logs_url: "https://example.org/traj",
    });
    expect(r.status).toBe(201);
    id = r.body.id;
    const sub = await call("GET", `/api/v1/submissions/${id}`);
    expect(sub.body.meta).toEqual({
      agent: "SWE-agent",
      base_model: "gpt-4o",
      temperature: 0.2,
      reasoning_effort: "high",
      agentic: true,
      tokens_in: 120000,
      tokens_out: 3400,
      code_url: "https://example.org/code",
    });
    // the trajectories' link is the upload's logs_url
    expect(sub.body.logsUrl).toBe("https://example.org/traj");
    expect(sub.body.paperJudge).toBeNull();
    const lb = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all");
    const row = lb.body.rows.find((x: Json) => x.submissionId === id);
    expect(row.meta).toMatchObject({ agent: "SWE-agent", base_model: "gpt-4o" });
    const csv = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&format=csv");
    const parsed = Papa.parse<Record<string, string>>(csv.text, { header: true }).data;
    expect(parsed.find((x) => x.submission_id === id)).toMatchObject({ agent: "SWE-agent", base_model: "gpt-4o" });
  });

  it("issue 20's first trajectories_url: read as logs_url on upload, moved there by the migration, never hiding the rest", async () => {
    const r = await upload("bouncerbench/input", variant(11), {
      model: "meta-old-client",
      agent: "Aider",
      trajectories_url: "https://example.org/old-traj",
    });
    expect(r.status).toBe(201);
    const sub = await call("GET", `/api/v1/submissions/${r.body.id}`);
    expect(sub.body.logsUrl).toBe("https://example.org/old-traj");
    expect(sub.body.meta).toEqual({ agent: "Aider" });
    // a row stored by that release: the migration moves its link (a logs link given as well wins)
    await db.prisma.$executeRawUnsafe(
      `UPDATE submissions SET logs_url = NULL, meta = meta || '{"trajectories_url": "https://example.org/t2"}'::jsonb WHERE id = $1::uuid`,
      r.body.id,
    );
    await db.prisma.$executeRawUnsafe(
      `UPDATE submissions SET meta = meta || '{"trajectories_url": "https://example.org/t3"}'::jsonb WHERE id = $1::uuid`,
      id,
    );
    // before it runs, the stored key does not hide the metadata around it
    const stale = await call("GET", `/api/v1/submissions/${r.body.id}`);
    expect(stale.body.meta).toEqual({ agent: "Aider" });
    const sql = fs.readFileSync(
      path.resolve("prisma/migrations/20261203000000_trajectories_url_into_logs_url/migration.sql"),
      "utf8",
    );
    await db.prisma.$executeRawUnsafe(sql);
    const moved = await db.prisma.submission.findMany({
      where: { id: { in: [r.body.id, id] } },
      select: { id: true, logsUrl: true, meta: true },
    });
    const byId = Object.fromEntries(moved.map((m) => [m.id, m]));
    expect(byId[r.body.id]).toMatchObject({ logsUrl: "https://example.org/t2", meta: { agent: "Aider" } });
    expect(byId[id].logsUrl).toBe("https://example.org/traj");
    expect(byId[id].meta).not.toHaveProperty("trajectories_url");
  });

  it("bad values are a 422 naming the field, and nothing is stored", async () => {
    const before = await submissions();
    for (const [field, value, says] of [
      ["temperature", "3", /temperature must be at most 2/],
      ["reasoning_effort", "extreme", /reasoning_effort must be one of/],
      ["code_url", "javascript:alert(1)", /http/],
      ["tokens_in", "1.5", /tokens_in must be a whole number/],
      ["agent", "\u202Eevil", /control or text-direction/],
    ] as const) {
      const r = await upload("bouncerbench/input", variant(7), { model: "bad-meta", [field]: value });
      expect(r.status, field).toBe(422);
      expect(JSON.stringify(r.body.error), field).toMatch(says);
      expect(JSON.stringify(r.body.error.details.problems), field).toContain(field);
    }
    expect(await submissions()).toBe(before);
  });

  it("the board filters by agent, base model and agentic; the filters offer the values present", async () => {
    await upload("bouncerbench/input", variant(9), { model: "meta-b", agent: "OpenHands", base_model: "gpt-4o" });
    const byAgent = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&agent=swe-agent");
    expect(byAgent.body.rows.map((r: Json) => r.model)).toEqual(["meta-a"]);
    const byModel = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&base_model=GPT-4o");
    expect(byModel.body.rows.map((r: Json) => r.model).sort()).toEqual(["meta-a", "meta-b"]);
    const agentic = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&agentic=1");
    expect(agentic.body.rows.map((r: Json) => r.model)).toEqual(["meta-a"]);
    const single = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&agentic=0");
    // the seeded BouncerBench prompt runs say agentic: false
    expect(single.body.rows.map((r: Json) => r.model).sort()).toEqual([
      "claude-3.7-sonnet",
      "gemma3_27b-it-q8_0",
      "gpt-4.1",
      "o4-mini",
      "qwen3_32b-q8_0",
    ]);
  });

  it("the team's owners amend it (null clears); the judge cannot be changed after upload", async () => {
    const r = await call("PATCH", `/api/v1/submissions/${id}`, {
      meta: { base_model: "gpt-4o-2024-08-06", code_url: null },
    });
    expect(r.status).toBe(200);
    const sub = await call("GET", `/api/v1/submissions/${id}`);
    expect(sub.body.meta.base_model).toBe("gpt-4o-2024-08-06");
    expect(sub.body.meta.code_url).toBeUndefined();
    expect(sub.body.meta.agent).toBe("SWE-agent");
    const judge = await call("PATCH", `/api/v1/submissions/${id}`, { meta: { judge_model: "x" } });
    expect(judge.status).toBe(422);
    expect(judge.body.error.message).toMatch(/judge_model is fixed at upload/);
    const stranger = await call("PATCH", `/api/v1/submissions/${id}`, { meta: { agent: "x" } }, false);
    expect(stranger.status).toBe(401);
    const audit = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM activity_events WHERE action = 'submission.meta' AND target_id = $1`,
      [id],
    );
    expect(audit[0].n).toBe(1);
  });
});

describe("judge provenance (CR-Bench, A&V)", () => {
  it("an upload without its judge is a 422 naming both fields; nothing is stored", async () => {
    const before = await submissions();
    const r = await upload("cr-bench/review", JSON.stringify(review[0].predictions), { model: "no-judge" });
    expect(r.status).toBe(422);
    const fields = r.body.error.details.problems.map((p: Json) => p.field);
    expect(fields).toEqual(["judge_model", "judge_prompt"]);
    expect(r.body.error.message).toMatch(/judge/);
    const av = generateSynthetic().find((t) => t.task === "abstain-validate/repair")!.submissions[0];
    const a = await upload("abstain-validate/repair", JSON.stringify(av.predictions), { model: "no-judge" });
    expect(a.status).toBe(422);
    expect(await submissions()).toBe(before);
  });

  it("the paper's setup is marked, on the submission and the board, and filterable", async () => {
    // the synthetic systems' files, each uploaded again by the team that has it on the board (from
    // another team it would be a copy, held for review off the board)
    const byOwner = async (k: number, fields: Record<string, string>) =>
      uploadFile(
        "cr-bench/review",
        `${JSON.stringify(review[k].predictions)}\n`, // not byte-identical to the seeded file (a 409)
        fields,
        await teamToken(db, review[k].team!),
      );
    const paper = await byOwner(0, {
      model: "judged-paper",
      judge_model: "Claude-Sonnet-4.5",
      judge_prompt: "cr-evaluator",
    });
    expect(paper.status).toBe(201);
    const own = await byOwner(1, {
      model: "judged-own",
      judge_model: "gpt-4o",
      judge_prompt: "my-judge-v2",
    });
    expect(own.status).toBe(201);
    const sub = await call("GET", `/api/v1/submissions/${paper.body.id}`);
    expect(sub.body.paperJudge).toMatch(/Claude Sonnet 4\.5.*Listing 6/);
    expect((await call("GET", `/api/v1/submissions/${own.body.id}`)).body.paperJudge).toBeNull();
    const lb = await call("GET", "/api/v1/tasks/cr-bench/review/leaderboard?view=all&baselines=0");
    const rows = new Map(lb.body.rows.map((r: Json) => [r.model, r]));
    expect((rows.get("judged-paper") as Json).paperJudge).toMatch(/CR-Evaluator/);
    expect((rows.get("judged-own") as Json).paperJudge).toBeNull();
    const only = await call("GET", "/api/v1/tasks/cr-bench/review/leaderboard?view=all&baselines=0&paper_judge=1");
    const models = only.body.rows.map((r: Json) => r.model);
    expect(models).toContain("judged-paper");
    expect(models).not.toContain("judged-own");
    const byJudge = await call("GET", "/api/v1/tasks/cr-bench/review/leaderboard?view=all&judge_model=gpt-4o");
    expect(byJudge.body.rows.map((r: Json) => r.model)).toEqual(["judged-own"]);
  });
});

describe("pivot view", () => {
  it("crosses two dimensions, each cell the best complete public submission (as the board has it)", async () => {
    await upload("bouncerbench/input", variant(3), { model: "meta-c", agent: "SWE-agent", base_model: "claude-3.7" });
    await upload("bouncerbench/input", variant(4), { model: "meta-d", agent: "SWE-agent", base_model: "claude-3.7" });
    const p = await call("GET", "/api/v1/tasks/bouncerbench/input/pivot?rows=agent&cols=base_model");
    expect(p.status).toBe(200);
    const lb = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&baselines=0");
    const rows: Json[] = lb.body.rows.filter((r: Json) => r.meta.agent && r.meta.base_model);
    // the expected grid from the board's own rows
    const best = new Map<string, Json>();
    for (const r of rows) {
      const k = JSON.stringify([r.meta.agent, r.meta.base_model]);
      if (!best.has(k) || r.metrics.F_m > best.get(k)!.metrics.F_m) best.set(k, r);
    }
    expect(p.body.cells.length).toBe(best.size);
    for (const c of p.body.cells) {
      const want = best.get(JSON.stringify([c.row, c.col]))!;
      expect(c.submissionId).toBe(want.submissionId);
      expect(c.value).toBe(want.metrics.F_m);
    }
    const swe = p.body.cells.find((c: Json) => c.row === "SWE-agent" && c.col === "claude-3.7");
    expect(swe.n).toBe(2);
    expect(p.body.rows).toContain("SWE-agent");
    expect(p.body.cols).toEqual(expect.arrayContaining(["gpt-4o", "claude-3.7", "gpt-4o-2024-08-06"]));
    // one model whatever its spelling, as the board's filter has it
    await upload("bouncerbench/input", variant(6), { model: "meta-e", agent: "swe-AGENT", base_model: "CLAUDE-3.7" });
    const again = await call("GET", "/api/v1/tasks/bouncerbench/input/pivot?rows=agent&cols=base_model");
    expect(again.body.rows.filter((r: string) => r.toLowerCase() === "swe-agent")).toHaveLength(1);
    const merged = again.body.cells.filter(
      (c: Json) => c.row.toLowerCase() === "swe-agent" && c.col.toLowerCase() === "claude-3.7",
    );
    expect(merged).toHaveLength(1);
    expect(merged[0].n).toBe(3);
    const facets = (await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all")).body.facets;
    expect(facets.agent.filter((a: string) => a.toLowerCase() === "swe-agent")).toHaveLength(1);
    // every other metric of the task, and other dimensions
    const acc = await call("GET", "/api/v1/tasks/bouncerbench/input/pivot?rows=team&cols=agentic&metric=R_b");
    expect(acc.status).toBe(200);
    expect(acc.body.metric.key).toBe("R_b");
    expect(acc.body.cols).toEqual(expect.arrayContaining(["agentic", "single call"]));
  });

  it("bad dimensions and metrics are clear errors", async () => {
    const same = await call("GET", "/api/v1/tasks/bouncerbench/input/pivot?rows=agent&cols=agent");
    expect(same.status).toBe(400);
    const dim = await call("GET", "/api/v1/tasks/bouncerbench/input/pivot?rows=colour");
    expect(dim.status).toBe(422);
    expect(JSON.stringify(dim.body)).toMatch(/pivot on one of agent, base_model/);
    const metric = await call("GET", "/api/v1/tasks/bouncerbench/input/pivot?metric=nope");
    expect(metric.status).toBe(400);
    expect(metric.body.error.message).toMatch(/unknown metric nope.*F_m/);
  });

  it("the CI-Bench seed has its tool × model shape", async () => {
    const p = await call("GET", "/api/v1/tasks/ci-bench/repair/pivot");
    expect(p.status).toBe(200);
    expect(p.body.rows.sort()).toEqual(["CI-Fixer", "SWE-agent"]);
  });
});

describe("a Lite pipeline composed from an Input and an Output submission (Figure 4)", () => {
  it("pairs each shared instance's input bounce with the output bounce, scored as a new Lite submission", async () => {
    const { importRelease } = await import("@/lib/server/releases");
    const shared = ids.slice(0, 30);
    const status = (ok: boolean) =>
      `{'FAIL_TO_PASS': {'success': [${ok ? "'a'" : ""}], 'failure': [${ok ? "" : "'a'"}]}, 'PASS_TO_PASS': {'success': ['b'], 'failure': []}}`;
    await importRelease(db.prisma, {
      task: "bouncerbench/output",
      version: "shared-1",
      text: JSON.stringify(
        shared.map((id, i) => ({ instance_id: id, patch: `diff ${i}`, tests_status: status(i % 3 === 0) })),
      ),
      fileName: "output.json",
      publish: true,
      carryOver: false,
    });
    await importRelease(db.prisma, {
      task: "bouncerbench/lite",
      version: "shared-1",
      text: JSON.stringify(
        shared.map((id, i) => ({
          instance_id: id,
          input_quality: i % 4,
          patch: `diff ${i}`,
          output_quality: i % 3 === 0 ? 1 : 0.5,
        })),
      ),
      fileName: "lite.json",
      publish: true,
      carryOver: false,
    });
    await db.runJobs();
    const outBounce = (i: number) => i % 2 === 0;
    const out = await upload(
      "bouncerbench/output",
      JSON.stringify(Object.fromEntries(shared.map((id, i) => [id, { output_bounce: outBounce(i) }]))),
      { model: "out-bouncer" },
    );
    expect(out.status).toBe(201);
    const lb = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&baselines=0");
    const gptRow = lb.body.rows.find((r: Json) => r.model === "gpt-4.1");
    const c = await call("POST", "/api/v1/tasks/bouncerbench/lite/compose", {
      input: gptRow.submissionId,
      output: out.body.id,
    });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ status: "scored", covered: 30, total: 30 });
    expect(c.body.composedOf).toEqual({ input: gptRow.submissionId, output: out.body.id });
    const sub = await call("GET", `/api/v1/submissions/${c.body.id}`);
    expect(sub.body.model).toBe("gpt-4.1 → out-bouncer");
    // its sources are recorded by the server (not a field anyone can set)
    expect(sub.body.composedOf).toEqual({ input: gptRow.submissionId, output: out.body.id });
    expect(sub.body.visibility).toBe("public");
    // the same pairs written by hand are byte-identical: the duplicate check names the composed entry
    const bounce = (id: string) => gpt[id].label === "VAGUE" || gpt[id].label === "IMPOSSIBLE_TO_SOLVE";
    const byHand = Object.fromEntries(
      shared.map((id, i) => [id, { input_bounce: bounce(id), output_bounce: outBounce(i) }]),
    );
    const again = await upload("bouncerbench/lite", JSON.stringify(byHand), { model: "by-hand" });
    expect(again.status).toBe(409);
    expect(again.body.error.details.submissionId).toBe(c.body.id);
  });

  it("a private side keeps the pipeline private; withdrawn or hidden sides are refused", async () => {
    const shared = ids.slice(0, 30);
    const priv = await upload(
      "bouncerbench/output",
      JSON.stringify(Object.fromEntries(shared.map((id, i) => [id, { output_bounce: i % 3 === 0 }]))),
      { model: "private-out", visibility: "private" },
    );
    expect(priv.status).toBe(201);
    const lb = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&baselines=0");
    const gptId = lb.body.rows.find((r: Json) => r.model === "gpt-4.1").submissionId;
    const before = await submissions();
    const loud = await call("POST", "/api/v1/tasks/bouncerbench/lite/compose", {
      input: gptId,
      output: priv.body.id,
      visibility: "public",
    });
    expect(loud.status).toBe(422);
    expect(loud.body.error.details.problems[0].field).toBe("visibility");
    expect(await submissions()).toBe(before);
    const quiet = await call("POST", "/api/v1/tasks/bouncerbench/lite/compose", { input: gptId, output: priv.body.id });
    expect(quiet.status).toBe(201);
    expect((await call("GET", `/api/v1/submissions/${quiet.body.id}`)).body.visibility).toBe("private");
    // withdrawn: the team took it off every view; it does not return inside a pipeline
    expect((await call("PATCH", `/api/v1/submissions/${priv.body.id}`, { withdrawn: true })).status).toBe(200);
    const gone = await call("POST", "/api/v1/tasks/bouncerbench/lite/compose", {
      input: gptId,
      output: priv.body.id,
      model: "again",
    });
    expect(gone.status).toBe(422);
    expect(JSON.stringify(gone.body)).toMatch(/withdrawn/);
  });

  it("refuses two submissions of the wrong sides, tasks other than Lite, and submissions the caller cannot see", async () => {
    const lb = await call("GET", "/api/v1/tasks/bouncerbench/input/leaderboard?view=all&baselines=0");
    const gptId = lb.body.rows.find((r: Json) => r.model === "gpt-4.1").submissionId;
    const swapped = await call("POST", "/api/v1/tasks/bouncerbench/lite/compose", { input: gptId, output: gptId });
    expect(swapped.status).toBe(422);
    expect(JSON.stringify(swapped.body)).toMatch(/output bouncer/);
    const wrongTask = await call("POST", "/api/v1/tasks/bouncerbench/input/compose", { input: gptId, output: gptId });
    expect(wrongTask.status).toBe(400);
    const unknown = await call("POST", "/api/v1/tasks/bouncerbench/lite/compose", {
      input: gptId,
      output: "00000000-0000-4000-8000-000000000000",
    });
    expect(unknown.status).toBe(404);
    const anon = await call("POST", "/api/v1/tasks/bouncerbench/lite/compose", { input: gptId, output: gptId }, false);
    expect(anon.status).toBe(401);
  });
  it("the Lite submit page's choices: a side with no published release or no board shares nothing and fails nothing", async () => {
    const { composeChoices } = await import("@/lib/server/submissions");
    const { getTaskOrThrow } = await import("@/lib/server/tasks");
    const lite = await getTaskOrThrow(db.prisma, "bouncerbench/lite");
    const boards = async (t: { fullSlug: string }) => [{ submissionId: `${t.fullSlug}-row`, model: "m", team: "t" }];
    const both = await composeChoices(db.prisma, lite, boards);
    expect(both).toMatchObject({
      input: { task: "bouncerbench/input", options: [{ id: "bouncerbench/input-row", label: "m (t)" }] },
      output: { task: "bouncerbench/output" },
    });
    expect(both!.shared).toBeGreaterThan(0);
    expect(await composeChoices(db.prisma, await getTaskOrThrow(db.prisma, "bouncerbench/input"), boards)).toBeNull();
    const published = await db.prisma.release.findMany({
      where: { task: { fullSlug: "bouncerbench/output" }, status: "published" },
    });
    await db.prisma.release.updateMany({
      where: { id: { in: published.map((r) => r.id) } },
      data: { status: "archived" },
    });
    try {
      const none = await composeChoices(db.prisma, lite, async () => {
        throw new Error("no board");
      });
      expect(none).toMatchObject({ shared: 0, output: { task: "bouncerbench/output", options: [] } });
    } finally {
      await db.prisma.release.updateMany({
        where: { id: { in: published.map((r) => r.id) } },
        data: { status: "published" },
      });
    }
  });
});

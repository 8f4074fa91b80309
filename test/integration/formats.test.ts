// What the papers' own tools emit uploads as is: enumerations in any case (CR-Bench's prompts ask
// for "high" | "medium" | "low"), stored in their canonical spelling so scores do not depend on it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitPredictions } from "@/lib/server/submissions";
import { ensureTeam } from "@/lib/server/auth";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";

let db: TestDatabase;
let teamId: string;
beforeAll(async () => {
  db = await seededTestDatabase();
  teamId = (await ensureTeam(db.prisma, "formats")).id;
});
afterAll(async () => db?.drop());

/** An upload of `text` to `task` by the team, as system `model`. */
const submit = (task: string, text: string, model: string, more: { dryRun?: boolean } = {}) =>
  submitPredictions(db.prisma, { task, text, teamId, userId: null, model, ...more });

const stored = async (id: string) =>
  new Map(
    (await db.prisma.prediction.findMany({ where: { submissionId: id } })).map((p) => [
      p.externalId,
      p.data as Record<string, unknown>,
    ]),
  );

describe("enumerations in any case", () => {
  it("CR-Bench: lower-case severities and judgments as the paper's prompts write them score the same as canonical ones", async () => {
    const preds = generateSynthetic().find((t) => t.task === "cr-bench/review")!.submissions[0].predictions as Record<
      string,
      { comments: { severity?: string | null; judgment: string }[] }
    >;
    const canonical = await submit("cr-bench/review", JSON.stringify(preds), "canonical");
    const casual = Object.fromEntries(
      Object.entries(preds).map(([id, p], i) => [
        id,
        {
          comments: p.comments.map((c) => ({
            ...c,
            severity: ["high", "MEDIUM", "low", null][i % 4],
            judgment: i % 2 ? c.judgment.toUpperCase() : c.judgment.replace("_", " "),
          })),
        },
      ]),
    );
    const r = await submit("cr-bench/review", JSON.stringify(casual), "casual");
    expect(r.status).toBe("scored");
    expect(r.metrics).toEqual(canonical.metrics);
    const rows = await stored(r.id!);
    const sample = [...rows.values()].flatMap((p) => p.comments as { severity: string | null; judgment: string }[]);
    expect(new Set(sample.map((c) => c.severity))).toEqual(
      new Set(["High", "Medium", "Low", null].filter((s) => sample.some((c) => c.severity === s))),
    );
    expect(sample.every((c) => ["bug_hit", "valid_suggestion", "noise"].includes(c.judgment))).toBe(true);
  });
  it("CR-Bench's own outputs as they are: the review prompt's bare array of comments (Listing 5) with the CR-Evaluator's classification (Listing 6)", async () => {
    const preds = generateSynthetic().find((t) => t.task === "cr-bench/review")!.submissions[0].predictions as Record<
      string,
      { comments: { file: string; line: number | null; comment: string; severity?: string | null; judgment: string }[] }
    >;
    // the same predictions as "canonical" above, as a different file (a byte-identical one is a 409)
    const canonical = await submit("cr-bench/review", `${JSON.stringify(preds)}\n`, "canonical-2");
    const asEmitted = Object.fromEntries(
      Object.entries(preds).map(([id, p]) => [
        id,
        p.comments.map((c) => ({
          file: c.file,
          line: c.line,
          comment: c.comment,
          severity: c.severity?.toLowerCase() ?? "low",
          classification: c.judgment.toUpperCase(),
          reason: "brief explanation",
        })),
      ]),
    );
    const r = await submit("cr-bench/review", JSON.stringify(asEmitted), "as-emitted");
    expect(r.status).toBe("scored");
    expect(r.metrics).toEqual(canonical.metrics);
    const first = Object.keys(preds)[0];
    await expect(
      submit(
        "cr-bench/review",
        JSON.stringify({ [first]: [{ file: "a.py", line: 1, comment: "x", classification: "MAYBE" }] }),
        "bad-class",
        { dryRun: true },
      ),
    ).rejects.toThrow(/comments\[0\]\.classification.*"MAYBE"/);
  });
  it("BouncerBench labels: 'vague', 'Reasonably specified'", async () => {
    const ids = (
      await db.prisma.instance.findMany({
        where: { release: { version: "1.1", task: { fullSlug: "bouncerbench/input" } } },
        take: 2,
        orderBy: { position: "asc" },
      })
    ).map((i) => i.externalId);
    const r = await submit(
      "bouncerbench/input",
      JSON.stringify({ [ids[0]]: { label: "vague" }, [ids[1]]: { label: "Reasonably specified" } }),
      "labels",
    );
    const rows = await stored(r.id!);
    expect(rows.get(ids[0])).toMatchObject({ label: "VAGUE", bounce: true });
    expect(rows.get(ids[1])).toMatchObject({ label: "REASONABLY_SPECIFIED", bounce: false });
  });
  it("a value that is none of them is still a 422 naming the field", async () => {
    await expect(
      submit("bouncerbench/input", JSON.stringify({ "astropy__astropy-12907": { label: "unclear" } }), "bad"),
    ).rejects.toThrow(/label.*unknown label "unclear"/);
  });
});

describe("the official BouncerBench submission format (shared/data/bouncerbench/README.md), on every task that has one", () => {
  // { id: { input_bounce, trace } } for Input, { id: { output_bounce, trace } } for Output, both for Lite
  const fields: Record<string, string[]> = {
    "bouncerbench/input": ["input_bounce"],
    "bouncerbench/output": ["output_bounce"],
    "bouncerbench/lite": ["input_bounce", "output_bounce"],
  };
  for (const [task, keys] of Object.entries(fields)) {
    it(`${task}: uploads as is, is read as the official shape, and scores exactly as the same decisions in rows`, async () => {
      const t = await db.prisma.task.findUniqueOrThrow({ where: { fullSlug: task } });
      const rel = await db.prisma.release.findFirstOrThrow({
        where: { taskId: t.id, status: "published" },
        orderBy: { publishedAt: "desc" },
      });
      const ids = (
        await db.prisma.instance.findMany({
          where: { releaseId: rel.id },
          orderBy: { position: "asc" },
          select: { externalId: true },
        })
      ).map((i) => i.externalId);
      const decide = (id: string, k: string) => (id.length + k.length) % 3 === 0;
      const official = Object.fromEntries(
        ids.map((id) => [
          id,
          { ...Object.fromEntries(keys.map((k) => [k, decide(id, k)])), trace: `reasoning about ${id}` },
        ]),
      );
      const rows = ids.map((id) => ({ instance_id: id, ...Object.fromEntries(keys.map((k) => [k, decide(id, k)])) }));
      const a = await submit(task, JSON.stringify(official), `official-${task}`);
      const b = await submit(task, JSON.stringify(rows), `rows-${task}`);
      expect(a.status).toBe("scored");
      expect(a.validation).toMatchObject({
        format: "official",
        covered: ids.length,
        total: ids.length,
        partial: false,
      });
      expect(b.validation).toMatchObject({ format: "rows" });
      expect(a.metrics).toEqual(b.metrics);
      // the trace is kept with each prediction
      const stored = await db.prisma.prediction.findFirstOrThrow({
        where: { submissionId: a.id!, externalId: ids[0] },
      });
      expect(JSON.stringify(stored.data)).toContain(`reasoning about ${ids[0]}`);
    });
  }
});

describe("Abstain-and-Validate: the validator's own output (Appendix C, Listing 4)", () => {
  type Row = {
    abstention_score: number;
    trajectories: { trajectory_id: string; validation_judgment: boolean; validation_score: number }[];
  };
  const preds = () =>
    generateSynthetic().find((t) => t.task === "abstain-validate/repair")!.submissions[0].predictions as Record<
      string,
      Row
    >;
  const send = (p: unknown, model: string) => submit("abstain-validate/repair", JSON.stringify(p), model);

  it("ReviewResponse fields (is_bug_fixed, explanation, internal_score) score as the canonical ones", async () => {
    const canonical = await send(preds(), "av-canonical");
    const asEmitted = Object.fromEntries(
      Object.entries(preds()).map(([id, p]) => [
        id,
        {
          abstention_score: p.abstention_score,
          trajectories: p.trajectories.map((t) => ({
            trajectory_id: t.trajectory_id,
            is_bug_fixed: t.validation_judgment,
            explanation: "the patch changes the guard the report names",
            internal_score: t.validation_score,
          })),
        },
      ]),
    );
    const r = await send(asEmitted, "av-as-emitted");
    expect(r.status).toBe("scored");
    expect(r.metrics).toEqual(canonical.metrics);
  });

  it("a rejected trajectory may omit its score (0, ranked lowest); an accepted one may not", async () => {
    const p = preds();
    const [id, row] = Object.entries(p)[0];
    // the file with trajectory k of the first bug given as `t`
    const withTrajectory = (k: number, t: object) => ({
      ...p,
      [id]: { ...row, trajectories: row.trajectories.map((x, j) => (j === k ? t : x)) },
    });
    const rejected = row.trajectories.findIndex((t) => !t.validation_judgment);
    const noScore = withTrajectory(rejected, {
      trajectory_id: row.trajectories[rejected]?.trajectory_id,
      validation_judgment: false,
    });
    expect(rejected).toBeGreaterThanOrEqual(0);
    expect((await send(noScore, "av-no-score")).status).toBe("scored");
    const accepted = row.trajectories.findIndex((t) => t.validation_judgment);
    const bad = withTrajectory(accepted, {
      trajectory_id: row.trajectories[accepted].trajectory_id,
      is_bug_fixed: true,
    });
    await expect(send(bad, "av-bad")).rejects.toMatchObject({
      details: {
        problems: [expect.objectContaining({ instanceId: id, field: expect.stringMatching(/internal_score$/) })],
      },
    });
  });
});

describe("BouncerBench: the structured output's reasoning (§III-B)", () => {
  it("is kept with the prediction, never scored", async () => {
    const id = "astropy__astropy-12907";
    const reasoning = "The issue names the function and the expected output.";
    const r = await submit(
      "bouncerbench/input",
      JSON.stringify({ [id]: { reasoning, label: "WELL_SPECIFIED" } }),
      "with-reasoning",
    );
    expect(r.status).toBe("scored");
    const stored = await db.prisma.prediction.findFirstOrThrow({ where: { submissionId: r.id!, externalId: id } });
    expect(stored.data).toMatchObject({
      bounce: false,
      label: "WELL_SPECIFIED",
      reasoning: "The issue names the function and the expected output.",
    });
  });
});

describe("Abstain-and-Validate: validation-only releases (RQ4) and trajectories without a patch (Figure 9)", () => {
  const synth = generateSynthetic().find((t) => t.task === "abstain-validate/repair")!;
  type Row = { instance_id: string; trajectories: Record<string, unknown>[]; [k: string]: unknown };
  type Pred = { abstention_score?: number; trajectories: Record<string, unknown>[] };

  it("a release of machine-reported bugs takes uploads without abstention scores; the abstention metrics are null", async () => {
    const { importRelease } = await import("@/lib/server/releases");
    const rows = (synth.release as Row[]).slice(0, 40).map((r, i) => ({
      ...r,
      validation_only: true,
      // every third bug's first trajectory produced no patch
      trajectories: r.trajectories.map((t, k) => (k === 0 && i % 3 === 0 ? { ...t, has_patch: false } : t)),
    }));
    const rel = await importRelease(db.prisma, {
      task: "abstain-validate/repair",
      version: "npe-1",
      text: JSON.stringify(rows),
      fileName: "npe.json",
      publish: true,
    });
    expect(rel.release.status).toBe("published");
    await db.runJobs();
    const preds = synth.submissions[0].predictions as Record<string, Pred>;
    const noAbstention = Object.fromEntries(
      rows.map((r) => [r.instance_id, { trajectories: preds[r.instance_id].trajectories }]),
    );
    const r = await submit("abstain-validate/repair", JSON.stringify(noAbstention), "validator-only");
    expect(r.status).toBe("scored");
    const m = r.metrics as Record<string, number | null>;
    expect(m.abstention_ap).toBeNull();
    expect(m.wasserstein).toBeNull();
    // every bug passes abstention by construction: combined = validation alone
    expect(m.combined_binary_success_at_1).toBe(m.validation_binary_success_at_1);
    expect(typeof m.pass_and_validation_binary_at_1).toBe("number");
    expect(m.pass_and_validation_binary_at_1!).toBeLessThanOrEqual(m.pass_at_1!);
    // Table 2's columns per category
    const score = await db.prisma.score.findFirstOrThrow({ where: { submissionId: r.id! } });
    const lift = (score.details as { lift: Record<string, unknown>[] }).lift;
    expect(Object.keys(lift[0])).toEqual(
      expect.arrayContaining(["regression", "validation_binary", "validation_p75", "validation_p90"]),
    );
    // a bug of a release with abstention still needs its score
    const { importRelease: again } = await import("@/lib/server/releases");
    await again(db.prisma, {
      task: "abstain-validate/repair",
      version: "human-2",
      text: JSON.stringify((synth.release as Row[]).slice(0, 40)),
      fileName: "human.json",
      publish: true,
      // human-reported bugs: nothing carried over from the validation-only release
      carryOver: false,
    });
    await db.runJobs();
    const refused = await submit(
      "abstain-validate/repair",
      JSON.stringify(noAbstention, null, 1),
      "validator-only-2",
    ).catch((e: Error) => e);
    expect(
      JSON.stringify(
        refused instanceof Error ? { m: refused.message, d: (refused as { details?: unknown }).details } : refused,
      ),
    ).toMatch(/abstention_score/);
  });

  it("has_patch must be a boolean; an empty patch says there is none", async () => {
    const { importRelease } = await import("@/lib/server/releases");
    const row = (synth.release as Row[])[0];
    await expect(
      importRelease(db.prisma, {
        task: "abstain-validate/repair",
        version: "bad-patch",
        text: JSON.stringify([{ ...row, trajectories: [{ ...row.trajectories[0], has_patch: "maybe" }] }]),
        fileName: "bad.json",
      }),
    ).rejects.toThrow(/has_patch/);
  });
});

// What the papers' own tools emit uploads as is: enumerations in any case (CR-Bench's prompts ask
// for "high" | "medium" | "low"), stored in their canonical spelling so scores do not depend on it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "@/lib/server/seed";
import { submitPredictions } from "@/lib/server/submissions";
import { ensureTeam } from "@/lib/server/tokens";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { createTestDatabase } from "../helpers/db";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let teamId: string;
beforeAll(async () => {
  db = await createTestDatabase();
  await seed(db.prisma, () => undefined);
  teamId = (await ensureTeam(db.prisma, "formats")).id;
});
afterAll(async () => db?.drop());

const stored = async (id: string) => new Map((await db.prisma.prediction.findMany({ where: { submissionId: id } })).map((p) => [p.externalId, p.data as Record<string, unknown>]));

describe("enumerations in any case", () => {
  it("CR-Bench: lower-case severities and judgments as the paper's prompts write them score the same as canonical ones", async () => {
    const preds = generateSynthetic().find((t) => t.task === "cr-bench/review")!.submissions[0].predictions as Record<string, { comments: { severity?: string | null; judgment: string }[] }>;
    const canonical = await submitPredictions(db.prisma, { task: "cr-bench/review", text: JSON.stringify(preds), teamId, userId: null, model: "canonical" });
    const casual = Object.fromEntries(
      Object.entries(preds).map(([id, p], i) => [
        id,
        { comments: p.comments.map((c) => ({ ...c, severity: ["high", "MEDIUM", "low", null][i % 4], judgment: i % 2 ? c.judgment.toUpperCase() : c.judgment.replace("_", " ") })) },
      ]),
    );
    const r = await submitPredictions(db.prisma, { task: "cr-bench/review", text: JSON.stringify(casual), teamId, userId: null, model: "casual" });
    expect(r.status).toBe("scored");
    expect(r.metrics).toEqual(canonical.metrics);
    const rows = await stored(r.id!);
    const sample = [...rows.values()].flatMap((p) => p.comments as { severity: string | null; judgment: string }[]);
    expect(new Set(sample.map((c) => c.severity))).toEqual(new Set(["High", "Medium", "Low", null].filter((s) => sample.some((c) => c.severity === s))));
    expect(sample.every((c) => ["bug_hit", "valid_suggestion", "noise"].includes(c.judgment))).toBe(true);
  });
  it("BouncerBench labels: 'vague', 'Reasonably specified'", async () => {
    const ids = (await db.prisma.instance.findMany({ where: { release: { version: "1.1", task: { fullSlug: "bouncerbench/input" } } }, take: 2, orderBy: { position: "asc" } })).map((i) => i.externalId);
    const r = await submitPredictions(db.prisma, { task: "bouncerbench/input", text: JSON.stringify({ [ids[0]]: { label: "vague" }, [ids[1]]: { label: "Reasonably specified" } }), teamId, userId: null, model: "labels" });
    const rows = await stored(r.id!);
    expect(rows.get(ids[0])).toMatchObject({ label: "VAGUE", bounce: true });
    expect(rows.get(ids[1])).toMatchObject({ label: "REASONABLY_SPECIFIED", bounce: false });
  });
  it("a value that is none of them is still a 422 naming the field", async () => {
    await expect(submitPredictions(db.prisma, { task: "bouncerbench/input", text: JSON.stringify({ "astropy__astropy-12907": { label: "unclear" } }), teamId, userId: null, model: "bad" })).rejects.toThrow(/label.*unknown label "unclear"/);
  });
});

// A team's judge budget is charged what its run still has to send when the run is recorded: a
// comment another upload got judged between this upload's check and its run is not charged
// (issue 51: the verdict cache is read once, at the check; the charge is counted where it is written).
import { afterAll, describe, expect, it } from "vitest";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";

const { sqlOf } = await import("@/lib/server/db");
const { insertVerdict, setRunQueued, upsertRun } = await import("@/lib/server/judging/judging.sql");

let db: TestDatabase;
afterAll(async () => db?.drop());

describe("the judge charge", () => {
  it("counts only the pending keys still without a verdict when the run is recorded", async () => {
    db = await seededTestDatabase();
    const sql = sqlOf(db.prisma);
    const score = await db.prisma.score.findFirstOrThrow({
      where: { submission: { task: { fullSlug: "cr-bench/review" } } },
    });
    const run = { submissionId: score.submissionId, releaseId: score.releaseId };
    const keys = ["charge-k1", "charge-k2", "charge-k3"];
    await upsertRun(
      sql,
      { ...run, model: "m", promptVersion: "v", promptSha256: "s" },
      keys.map((key) => ({ key, instanceId: "i", comments: 1, prompt: "p" })),
    );
    // the check found all three pending; then another upload's job judged one of them
    await insertVerdict(sql, {
      key: "charge-k2",
      instanceId: "i",
      model: "m",
      promptSha256: "s",
      classification: "noise",
      reason: "",
      outcome: "ok",
      attempts: 1,
      promptTokens: 1,
      completionTokens: 1,
    });
    await setRunQueued(sql, run.submissionId, run.releaseId, keys);
    const [r] = await sql<{ queued: number }>(
      `SELECT queued FROM judge_runs WHERE submission_id = $1::uuid AND release_id = $2::uuid`,
      [run.submissionId, run.releaseId],
    );
    expect(r.queued).toBe(2);
  });
});

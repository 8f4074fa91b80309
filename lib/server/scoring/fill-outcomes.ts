// Scores written before per-instance outcomes existed get them here, a batch at a time, from
// their stored predictions (the one place that still reads predictions for this). Queued at
// start-up when any score lacks them; each run re-queues itself until none is left.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getReleaseInstances } from "@/lib/server/cache";
import { sqlOf } from "@/lib/server/db";
import { defineTask, queueTask } from "@/lib/server/jobs";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { encodeOutcomes } from "./outcomes";
import { predictionsWithout, scoresWithoutOutcomes, setOutcomes } from "./scoring.sql";

const BATCH = 50;

/** Fills up to BATCH scores' outcomes; returns how many it filled. */
export async function fillOutcomes(db: PrismaClient, batch = BATCH): Promise<number> {
  const todo = await scoresWithoutOutcomes(sqlOf(db), batch);
  for (const s of todo) {
    const release = await db.release.findUniqueOrThrow({ where: { id: s.release_id }, include: { task: true } });
    const task = await getTaskOrThrow(db, release.task.fullSlug);
    const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
    const preds = await predictionsWithout(db, s.submission_id, task.kind.storageOnlyFields ?? []);
    const bits = encodeOutcomes(task, instances, new Map(preds.map((p) => [p.external_id, p.data])));
    await setOutcomes(sqlOf(db), s.id, Buffer.from(bits.buffer, bits.byteOffset, bits.byteLength));
  }
  return todo.length;
}

/** Queues the fill when some score lacks outcomes (one waiting job at a time). */
export async function queueFillOutcomes(db: PrismaClient): Promise<boolean> {
  const [missing] = await scoresWithoutOutcomes(sqlOf(db), 1);
  if (!missing) return false;
  await queueTask(sqlOf(db), "fill-outcomes", {}, { jobKey: "fill-outcomes", queue: "fill-outcomes" });
  return true;
}

export const fillOutcomesTask = defineTask("fill-outcomes", async (db) => {
  if ((await fillOutcomes(db)) === BATCH) await queueFillOutcomes(db);
});

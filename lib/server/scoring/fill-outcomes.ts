// Scores written before per-instance outcomes (and per-slice breakdowns) existed get them here, a
// batch at a time, from their stored predictions (the one place that still reads predictions for
// this). Queued at start-up when any score lacks them; each run re-queues itself until none is left.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getReleaseInstances } from "@/lib/server/cache";
import { sqlOf } from "@/lib/server/db";
import { defineTask, queueTask } from "@/lib/server/jobs";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { computeBreakdowns } from "@/lib/tasks/shared/breakdowns";
import { encodeOutcomes } from "./outcomes";
import {
  predictionsWithout,
  scoresWithoutBreakdowns,
  scoresWithoutOutcomes,
  setBreakdowns,
  setOutcomes,
} from "./scoring.sql";

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

/** Fills up to BATCH scores' per-slice breakdowns (lib/tasks/shared/breakdowns.ts); returns how many it filled. */
export async function fillBreakdowns(db: PrismaClient, batch = BATCH): Promise<number> {
  const todo = await scoresWithoutBreakdowns(sqlOf(db), batch);
  for (const s of todo) {
    const release = await db.release.findUniqueOrThrow({ where: { id: s.release_id }, include: { task: true } });
    const task = await getTaskOrThrow(db, release.task.fullSlug);
    const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
    const preds = await predictionsWithout(db, s.submission_id, task.kind.storageOnlyFields ?? []);
    const byId = new Map(preds.map((p) => [p.external_id, p.data]));
    const breakdowns = byId.size
      ? computeBreakdowns(task.kind, task.options, instances, byId, release.bootstrapSeed)
      : {};
    await setBreakdowns(sqlOf(db), s.id, breakdowns);
  }
  return todo.length;
}

/** Queues the breakdowns' fill when some score lacks them (one waiting job at a time). */
export async function queueFillBreakdowns(db: PrismaClient): Promise<boolean> {
  const [missing] = await scoresWithoutBreakdowns(sqlOf(db), 1);
  if (!missing) return false;
  await queueTask(sqlOf(db), "fill-breakdowns", {}, { jobKey: "fill-breakdowns", queue: "fill-outcomes" });
  return true;
}

export const fillBreakdownsTask = defineTask("fill-breakdowns", async (db) => {
  if ((await fillBreakdowns(db)) === BATCH) await queueFillBreakdowns(db);
});

import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";
import { sqlOf, type Sql } from "@/lib/server/db";
import { createJob, defineJob, defineUpkeep } from "@/lib/server/jobs";
import { log } from "@/lib/server/observability";
import { buildSnapshot } from "./build";
import {
  collectObjects,
  latestSnapshotOfRelease,
  liveSnapshotBytes,
  lockSnapshots,
  pendingSnapshotJob,
  releasesDueForSnapshot,
} from "./snapshots.sql";

/**
 * Queues a snapshot of a published release (progress at /api/v1/jobs/{id}). At most one per
 * release at a time, under a lock per release: a second request names the one under way.
 * @throws AppError not_found, conflict (409 naming the running job)
 */
export async function queueSnapshot(
  db: PrismaClient,
  releaseId: string,
  reason: "publish" | "changed" | "admin",
  createdBy: string | null = null,
): Promise<string> {
  const rel = await db.release.findUnique({ where: { id: releaseId }, select: { status: true } });
  if (!rel) throw notFound(`release ${releaseId}`);
  if (rel.status !== "published")
    throw new AppError("conflict", `only a published release is snapshotted; this one is ${rel.status}`);
  return db.$transaction(async (tx) => {
    const r = await queueSnapshotIn(sqlOf(tx), releaseId, reason, createdBy);
    if (!r.queued)
      throw new AppError("conflict", `a snapshot of this release is already being made: job ${r.job}`, {
        job: r.job,
      });
    return r.job;
  });
}

/** The same in the caller's transaction (a re-score's last part): the job queued, or the one already under way. */
export async function queueSnapshotIn(
  sql: Sql,
  releaseId: string,
  reason: "publish" | "changed" | "admin",
  createdBy: string | null = null,
): Promise<{ job: string; queued: boolean }> {
  await lockSnapshots(sql, releaseId);
  const running = await pendingSnapshotJob(sql, releaseId);
  if (running) return { job: running, queued: false };
  return { job: await createJob(sql, "snapshot", { releaseId, reason }, { total: 1, createdBy }), queued: true };
}

/** Whether automatic snapshots may be made: live ones take less than SNAPSHOT_BUDGET_MB (a warning once past it). */
async function withinBudget(db: PrismaClient): Promise<boolean> {
  const used = await liveSnapshotBytes(sqlOf(db));
  const budget = getEnv().SNAPSHOT_BUDGET_MB * 1024 * 1024;
  if (used < budget) return true;
  log.warn(
    { usedBytes: used, budgetBytes: budget },
    "snapshots use their whole budget (SNAPSHOT_BUDGET_MB): no automatic snapshot is made until an admin takes some down or the budget grows",
  );
  return false;
}

export const snapshotJob = defineJob("snapshot", async (db, payload, progress) => {
  const r = await buildSnapshot(db, payload.releaseId, payload.reason, progress);
  return { snapshot: r.id, created: r.created, url: `/api/v1/snapshots/${r.id}` };
});

/** Daily (cron): a snapshot of every published release whose board moved since its newest one. */
export const snapshotChangedUpkeep = defineUpkeep(
  "snapshot-changed",
  async (db) => {
    const gone = await collectObjects(sqlOf(db));
    if (gone.objects) log.info(gone, "snapshot objects no live snapshot holds were collected");
    if (!(await withinBudget(db))) return;
    for (const r of await releasesDueForSnapshot(sqlOf(db))) {
      await queueSnapshot(db, r.id, "changed").catch((e) => {
        if (!(e instanceof AppError && e.code === "conflict")) throw e;
      });
      log.info({ releaseId: r.id }, "snapshot queued: the board moved since the last one");
    }
  },
  { cron: "41 3 * * *" },
);

/**
 * A published release's board changed (its refresh queued this, debounced per release): freeze
 * the board readers now see, unless a snapshot already holds this board version or the budget is
 * spent. Then collect the objects no live snapshot holds any more.
 */
export const snapshotBoardUpkeep = defineUpkeep("snapshot-board", async (db, payload) => {
  const rel = await db.release.findUnique({
    where: { id: payload.releaseId },
    select: { status: true, boardVersion: true },
  });
  if (rel?.status !== "published") return;
  const newest = await latestSnapshotOfRelease(sqlOf(db), payload.releaseId);
  if (newest && BigInt(newest.board_version) >= rel.boardVersion) return;
  if (!(await withinBudget(db))) return;
  const r = await buildSnapshot(db, payload.releaseId, "changed");
  log.info({ releaseId: payload.releaseId, snapshot: r.id, created: r.created }, "board frozen");
});

/** A re-score of a published release finished (its last part queues this): its board is frozen. */
export const snapshotPublishedUpkeep = defineUpkeep("snapshot-published", async (db, payload) => {
  if (!(await withinBudget(db))) return;
  await queueSnapshot(db, payload.releaseId, "publish").catch((e) => {
    // already under way, or the release was archived meanwhile: nothing to add
    if (!(e instanceof AppError && e.code === "conflict")) throw e;
  });
});

// A task's primary metric is the catalog's (lib/tasks/catalog.ts, stored by syncCatalog at start-up);
// a score stores the primary value it was ranked by. When the catalog changes a task's primary
// metric (CI-Bench: SYE_rate → CO_rate, issue 33), its boards' scores are re-scored by the tracked
// "rescore" job, so no board orders rows by one metric under another's name. So are scores computed
// by a former version of the metrics library (METRICS_VERSION): their replicates may be another
// estimator's (issue 50), which rank intervals and paired tests leave out until the re-score.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { createJob } from "@/lib/server/jobs";
import { METRICS_VERSION } from "@/lib/metrics";
import { releasesWithStalePrimary } from "./releases.sql";

/** Queues a re-score of every release scored under a former primary metric or metrics version; returns how many. */
export async function queueStalePrimaryRescores(db: PrismaClient): Promise<number> {
  const stale = await releasesWithStalePrimary(sqlOf(db), METRICS_VERSION);
  for (const r of stale) {
    const total = await db.submission.count({ where: { taskId: r.task_id } });
    await createJob(sqlOf(db), "rescore", { releaseId: r.id, task: r.full_slug, version: r.version }, { total });
  }
  return stale.length;
}

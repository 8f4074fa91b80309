import type { PrismaClient, Prisma } from "@/lib/generated/prisma/client";
import type { ResolvedTask } from "@/lib/server/tasks";
import { getReleaseInstances } from "@/lib/server/cache";

/**
 * Creates or refreshes the task kind's baseline entries (always accept, always bounce, seeded
 * random, …) for a release: one submission per baseline, team-less and badged; its predictions
 * are recomputed from the release's public instance data (never its truth).
 * Returns the baseline submission ids (the caller scores them).
 */
export async function refreshBaselines(
  db: PrismaClient,
  task: ResolvedTask,
  release: { id: string; status: string; synthetic: boolean },
): Promise<string[]> {
  const defs = task.kind.baselines?.(task.options) ?? [];
  if (!defs.length) return [];
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  const ids: string[] = [];
  for (const def of defs) {
    const rows = instances.map((i) => ({
      externalId: i.externalId,
      data: def.predict({ externalId: i.externalId, metadata: i.metadata }) as Prisma.InputJsonValue,
    }));
    const id = await db.$transaction(
      async (tx) => {
        let sub = await tx.submission.findFirst({ where: { taskId: task.id, baseline: def.key, teamId: null } });
        if (!sub) {
          sub = await tx.submission.create({
            data: {
              taskId: task.id,
              model: def.label,
              system: "baseline computed by the server",
              baseline: def.key,
              synthetic: release.synthetic,
              status: "scored",
              format: "baseline",
              validation: { format: "baseline", release: "" },
            },
          });
        } else {
          await tx.submission.update({
            where: { id: sub.id },
            data: { model: def.label, synthetic: release.synthetic },
          });
          await tx.prediction.deleteMany({ where: { submissionId: sub.id } });
        }
        for (let i = 0; i < rows.length; i += 2000) {
          await tx.prediction.createMany({
            data: rows.slice(i, i + 2000).map((r) => ({ ...r, submissionId: sub.id })),
          });
        }
        return sub.id;
      },
      { timeout: 300_000, maxWait: 30_000 },
    );
    ids.push(id);
  }
  return ids;
}

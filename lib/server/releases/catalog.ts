import type { PrismaClient } from "@/lib/generated/prisma/client";
import { releaseJson } from "./releases";

/** Benchmarks with their tasks, each with its current release and submission count. */
export async function listBenchmarks(db: PrismaClient) {
  const benches = await db.benchmark.findMany({
    orderBy: { sortOrder: "asc" },
    include: {
      tasks: {
        orderBy: { sortOrder: "asc" },
        include: {
          releases: { where: { status: "published" }, take: 1, orderBy: { publishedAt: "desc" } },
          _count: { select: { submissions: { where: { visibility: "public", baseline: null, hiddenAt: null } } } },
        },
      },
    },
  });
  const current = benches.flatMap((b) => b.tasks.flatMap((t) => t.releases));
  const pick = {
    releaseId: true,
    primaryValue: true,
    ladderPrimary: true,
    submissionId: true,
    submission: { select: { model: true } },
  } as const;
  const where = {
    partial: false,
    submission: { visibility: "public" as const, status: "scored" as const, baseline: null, hiddenAt: null },
  };
  // hidden releases: the leader among what the Ladder released, by its rounded value
  const [open, hidden] = await Promise.all([
    db.score.findMany({
      where: { ...where, releaseId: { in: current.filter((r) => !r.hidden).map((r) => r.id) } },
      orderBy: { primaryValue: { sort: "desc", nulls: "last" } },
      select: pick,
    }),
    db.score.findMany({
      where: { ...where, ladderReleased: true, releaseId: { in: current.filter((r) => r.hidden).map((r) => r.id) } },
      orderBy: [{ ladderPrimary: { sort: "desc", nulls: "last" } }, { submission: { createdAt: "asc" } }],
      select: pick,
    }),
  ]);
  const leader = new Map<
    string,
    { submissionId: string; primaryValue: number | null; submission: { model: string } }
  >();
  for (const s of open) if (!leader.has(s.releaseId)) leader.set(s.releaseId, s);
  for (const s of hidden)
    if (!leader.has(s.releaseId)) leader.set(s.releaseId, { ...s, primaryValue: s.ladderPrimary });
  return benches.map((b) => ({
    slug: b.slug,
    name: b.name,
    description: b.description,
    paperTitle: b.paperTitle,
    tasks: b.tasks.map((t) => ({
      slug: t.fullSlug,
      name: t.name,
      description: t.description,
      kind: t.kind,
      primaryMetric: t.primaryMetric,
      currentRelease: t.releases[0] ? releaseJson(t.releases[0]) : null,
      leader:
        t.releases[0] && leader.get(t.releases[0].id)
          ? {
              model: leader.get(t.releases[0].id)!.submission.model,
              submissionId: leader.get(t.releases[0].id)!.submissionId,
              primary: leader.get(t.releases[0].id)!.primaryValue,
            }
          : null,
      submissions: t._count.submissions,
    })),
  }));
}

import type { PrismaClient } from "@/lib/generated/prisma/client";
import { isKindImplemented } from "@/lib/tasks";
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
          _count: { select: { submissions: { where: { visibility: "public", baseline: null } } } },
        },
      },
    },
  });
  const releaseIds = benches.flatMap((b) => b.tasks.flatMap((t) => t.releases.map((r) => r.id)));
  const tops = await db.score.findMany({
    where: { releaseId: { in: releaseIds }, partial: false, submission: { visibility: "public", status: "scored", baseline: null } },
    orderBy: { primaryValue: { sort: "desc", nulls: "last" } },
    select: { releaseId: true, primaryValue: true, submissionId: true, submission: { select: { model: true } } },
  });
  const leader = new Map<string, (typeof tops)[number]>();
  for (const s of tops) if (!leader.has(s.releaseId)) leader.set(s.releaseId, s);
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
      scored: isKindImplemented(t.kind),
      primaryMetric: t.primaryMetric,
      currentRelease: t.releases[0] ? releaseJson(t.releases[0]) : null,
      leader: t.releases[0] && leader.get(t.releases[0].id)
        ? { model: leader.get(t.releases[0].id)!.submission.model, submissionId: leader.get(t.releases[0].id)!.submissionId, primary: leader.get(t.releases[0].id)!.primaryValue }
        : null,
      submissions: t._count.submissions,
    })),
  }));
}

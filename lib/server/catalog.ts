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
          _count: { select: { submissions: { where: { visibility: "public" } } } },
        },
      },
    },
  });
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
      submissions: t._count.submissions,
    })),
  }));
}

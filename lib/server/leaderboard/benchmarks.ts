// The catalog as readers see it (home page, /submit, GET /api/v1/benchmarks): benchmarks, their
// tasks, each task's current release, its public submissions and its leader — the leader read
// from the release's cached board (per board_version), not from every score of the release.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { releaseJson } from "@/lib/server/releases";
import { getBoard } from "./leaderboard";

export async function listBenchmarks(db: PrismaClient) {
  const benches = await db.benchmark.findMany({
    orderBy: { sortOrder: "asc" },
    include: {
      tasks: {
        orderBy: { sortOrder: "asc" },
        include: {
          releases: { where: { status: "published" }, take: 1, orderBy: { publishedAt: "desc" } },
          // what a board can list (a failed or queued upload is not a submission there)
          _count: {
            select: {
              submissions: { where: { visibility: "public", baseline: null, hiddenAt: null, status: "scored" } },
            },
          },
        },
      },
    },
  });
  // the first ranked row of each current board (a hidden release's: among what the Ladder released)
  const leaders = new Map(
    await Promise.all(
      benches
        .flatMap((b) => b.tasks.flatMap((t) => t.releases))
        .map(async (r) => {
          const ranked = (await getBoard(db, r)).best.filter((row) => row.rank !== null);
          // the group that could be #1 (1 when the intervals are not in yet: the leader alone)
          const size = ranked.filter((row) => row.topGroup).length || Math.min(1, ranked.length);
          return [r.id, ranked.length ? { lead: ranked[0], topGroup: { size, of: ranked.length } } : null] as const;
        }),
    ),
  );
  return benches.map((b) => ({
    slug: b.slug,
    name: b.name,
    description: b.description,
    paperTitle: b.paperTitle,
    tasks: b.tasks.map((t) => {
      const current = t.releases[0];
      const top = current ? leaders.get(current.id) : null;
      const lead = top?.lead;
      return {
        slug: t.fullSlug,
        name: t.name,
        description: t.description,
        kind: t.kind,
        primaryMetric: t.primaryMetric,
        currentRelease: current ? releaseJson(current) : null,
        leader: lead ? { model: lead.model, submissionId: lead.submissionId, primary: lead.primary } : null,
        topGroup: top?.topGroup ?? null,
        submissions: t._count.submissions,
      };
    }),
  }));
}

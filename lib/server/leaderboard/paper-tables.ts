// The papers' own tables, built from a board's submissions (issue 33): CI-Bench's Table 1, per
// tool × foundation model the counts #PG, #PL, #SYE, #CO with per-tool means. Read from the cached
// board, as the pivot view is (system metadata `agent` = tool, `base_model` = model): no
// prediction is read. A hidden release shows what the Ladder released.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { buildCiTable1, type CiTable1, type Table1Source } from "@/lib/tasks/ci-repair/table-1";
import type { BoardSystem } from "@/lib/tasks/define";
import { getLeaderboard, type LeaderboardRow } from "./leaderboard";

export type { CiTable1 };

/** A board's rows as a paper table reads them (every complete public run, in board order). */
export function paperTableSources(rows: LeaderboardRow[]): (Table1Source & BoardSystem)[] {
  return rows.map((r) => ({
    submissionId: r.submissionId,
    model: r.model,
    team: r.team,
    meta: { agent: r.meta.agent ?? null, base_model: r.meta.base_model ?? null },
    metrics: r.metrics,
    baseline: r.baseline,
    partial: r.partial,
  }));
}

/**
 * CI-Bench's Table 1 on a release (current by default) of a `ci_repair` task: every complete,
 * public, non-baseline submission (the board's "all" view) grouped by tool × model.
 * @throws AppError not_found (unknown task or release), bad_request (not a CI repair task)
 */
export async function getCiTable1(
  db: PrismaClient,
  fullSlug: string,
  q: { release?: string } = {},
): Promise<CiTable1 & { task: string; release: string }> {
  const lb = await getLeaderboard(db, fullSlug, { release: q.release, view: "all", baselines: false });
  if (lb.kind !== "ci_repair")
    throw new AppError("bad_request", `${fullSlug} is not a CI repair task: it has no Table 1`);
  return { task: lb.task, release: lb.release.version, ...buildCiTable1(paperTableSources(lb.rows)) };
}

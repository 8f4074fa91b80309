// The papers' own tables, built from a board's submissions (issue 33; CI-Bench's Table 1, per tool
// × foundation model): a kind that has one offers `paperTable` (lib/tasks/<kind>), built from the
// cached board's rows, as the pivot view is (system metadata `agent`, `base_model`): no prediction
// is read. A hidden release shows what the Ladder released.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { getTaskKind } from "@/lib/tasks";
import type { BoardSystem } from "@/lib/tasks/define";
import { getLeaderboard, type LeaderboardRow } from "./leaderboard";
import type { ResolvedTask } from "@/lib/server/tasks";

/** A board's rows as a paper table reads them (every complete public run, in board order). */
export function paperTableSources(rows: LeaderboardRow[]): BoardSystem[] {
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
 * The paper's table on a release (current by default) of a task whose kind offers one (e.g.
 * CI-Bench's Table 1): every complete, public, non-baseline submission (the board's "all" view).
 * The table's fields are the kind's (its `paperTable`'s result), beside the task and release.
 * @throws AppError not_found (unknown task or release), bad_request (the task's kind has no paper table)
 */
export async function getPaperTable(
  db: PrismaClient,
  task: ResolvedTask,
  q: { release?: string } = {},
): Promise<{ task: string; release: string } & object> {
  const lb = await getLeaderboard(db, task, { release: q.release, view: "all", baselines: false });
  const build = getTaskKind(lb.kind).paperTable;
  if (!build)
    throw new AppError("bad_request", `${task.fullSlug} has no paper table: its kind (${lb.kind}) offers none`);
  return { task: lb.task, release: lb.release.version, ...build(paperTableSources(lb.rows)) };
}

// The pivot view (issue 20): a task's public submissions crossed by two system-metadata
// dimensions (agent × base model by default), each cell the best value of a metric among the
// submissions in it — the shape of CI-Bench's Table 1 (tool × model) and CR-Bench's Table 4.
// Read from the cached board (no prediction is read); a hidden release shows what the Ladder released.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { getMetric } from "@/lib/metric-value";
import { PivotQuery } from "@/lib/validations/common";
import { getLeaderboard, type LeaderboardRow } from "./leaderboard";
import type { ResolvedTask } from "@/lib/server/tasks";

type Dim = PivotQuery["rows"];

/** A row's value of a dimension, as shown (null: not stated). */
export function dimensionValue(r: LeaderboardRow, dim: Dim): string | null {
  if (dim === "team") return r.team;
  const v = r.meta[dim];
  if (v === undefined || v === null || v === "") return null;
  if (dim === "agentic") return v ? "agentic" : "single call";
  return String(v);
}

export interface PivotCell {
  row: string;
  col: string;
  value: number | null;
  /** the cell's best submission (by the metric) */
  submissionId: string;
  model: string;
  team: string | null;
  /** 95% interval (the primary metric only) */
  ci: { low: number; high: number } | null;
  /** submissions in the cell */
  n: number;
}

export async function getPivot(db: PrismaClient, task: ResolvedTask, q: PivotQuery) {
  if (q.rows === q.cols) throw new AppError("bad_request", "rows and cols must be two different dimensions");
  const lb = await getLeaderboard(db, task, { release: q.release, view: "all", baselines: false });
  const metric = q.metric ?? lb.primaryMetric;
  const column = lb.columns.find((c) => c.key === metric);
  if (!column)
    throw new AppError(
      "bad_request",
      `unknown metric ${metric} for ${task.fullSlug}: one of ${lb.columns.map((c) => c.key).join(", ")}`,
    );
  const better = column.better === "lower" ? -1 : 1;
  const cells = new Map<string, PivotCell>();
  let unstated = 0;
  const names: { row: Record<string, string>; col: Record<string, string> } = { row: {}, col: {} };
  // complete rows only: a partial submission's value is on fewer instances
  for (const r of lb.rows) {
    if (r.partial) continue;
    const a = dimensionValue(r, q.rows);
    const b = dimensionValue(r, q.cols);
    if (a === null || b === null) {
      unstated++;
      continue;
    }
    const value = getMetric(r.metrics, metric);
    // "GPT-4o" and "gpt-4o" are one model (as the board's filters have it): the first spelling names it
    const [ka, kb] = [a.toLowerCase(), b.toLowerCase()];
    const row = (names.row[ka] ??= a);
    const col = (names.col[kb] ??= b);
    const key = JSON.stringify([ka, kb]);
    const had = cells.get(key);
    const n = (had?.n ?? 0) + 1;
    const beats = !had || (value !== null && (had.value === null || (value - had.value) * better > 0));
    cells.set(
      key,
      beats
        ? {
            row,
            col,
            value,
            submissionId: r.submissionId,
            model: r.model,
            team: r.team,
            ci: metric === lb.primaryMetric ? r.ci : null,
            n,
          }
        : { ...had!, n },
    );
  }
  const list = [...cells.values()];
  const order = (k: "row" | "col") => {
    const best = new Map<string, number>();
    for (const c of list) if (c.value !== null) best.set(c[k], Math.max(best.get(c[k]) ?? -Infinity, c.value * better));
    return [...new Set(list.map((c) => c[k]))].sort(
      (x, y) => (best.get(y) ?? -Infinity) - (best.get(x) ?? -Infinity) || x.localeCompare(y),
    );
  };
  return {
    task: lb.task,
    taskName: lb.taskName,
    benchmark: lb.benchmark,
    release: lb.release,
    rowsBy: q.rows,
    colsBy: q.cols,
    metric: { key: column.key, label: column.label, better: column.better ?? "higher" },
    columns: lb.columns.map((c) => ({ key: c.key, label: c.label })),
    /** row and column values, best first */
    rows: order("row"),
    cols: order("col"),
    cells: list,
    /** complete public submissions that do not state one of the two dimensions */
    unstated,
  };
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The pivot page's view: the API's pivot, but an address it cannot read (an unknown dimension or
 * metric, the same dimension twice) falls back to the defaults and says so rather than failing.
 */
export async function pivotPageView(
  db: PrismaClient,
  task: ResolvedTask,
  sp: Record<string, string | string[] | undefined>,
) {
  const raw = { rows: first(sp.rows), cols: first(sp.cols), metric: first(sp.metric), release: first(sp.release) };
  const parsed = PivotQuery.safeParse(raw);
  const q = parsed.success ? parsed.data : PivotQuery.parse({ release: raw.release?.slice(0, 40) });
  const dims =
    q.rows === q.cols ? { ...q, cols: q.rows === "base_model" ? ("agent" as const) : ("base_model" as const) } : q;
  const pivot = await getPivot(db, task, dims).catch((e) => {
    // an unknown metric: the primary metric instead
    if (q.metric && e instanceof AppError && e.code === "bad_request")
      return getPivot(db, task, { ...dims, metric: undefined });
    throw e;
  });
  const ignored = !parsed.success || dims !== q || (q.metric !== undefined && q.metric !== pivot.metric.key);
  const api = `/api/v1/tasks/${task.fullSlug}/pivot?${new URLSearchParams({
    rows: pivot.rowsBy,
    cols: pivot.colsBy,
    metric: pivot.metric.key,
    ...(q.release ? { release: q.release } : {}),
  })}`;
  return { pivot, ignored, api, release: q.release };
}

// CI-Bench's Table 1 from a board's submissions: per tool × foundation model the four counts
// #PG, #PL, #SYE, #CO, with per-tool means over the tool's models (the paper's "on average
// correct patches in 25.3%, 28.3%, and 11.3% of cases" are the means of Table 1's #CO per tool).
// Pure: it reads board rows (metrics as the board shows them), never predictions.
import { getMetric } from "@/lib/metric-value";
import type { Metrics } from "@/lib/tasks/types";

/** A board row as Table 1 reads it: the system metadata `agent` is the tool, `base_model` the model. */
export interface Table1Source {
  submissionId: string;
  /** the submission's display name */
  model: string;
  team: string | null;
  meta: { agent?: string | null; base_model?: string | null };
  metrics: Metrics;
  baseline?: string | null;
  partial?: boolean;
}

/** Table 1's four counts; #SYE is the paper's (among the patches reported plausible: metric SYE_PL). */
export const TABLE1_COUNTS = [
  { key: "PG", metric: "PG", header: "#PG" },
  { key: "PL", metric: "PL", header: "#PL" },
  { key: "SYE", metric: "SYE_PL", header: "#SYE" },
  { key: "CO", metric: "CO", header: "#CO" },
] as const;

export type Table1Count = (typeof TABLE1_COUNTS)[number]["key"];
export type Table1Counts = Record<Table1Count, number | null>;

/** One tool × model cell: the counts of the cell's best run (most #CO, then the board's order). */
export interface Table1Cell extends Table1Counts {
  tool: string;
  baseModel: string;
  submissionId: string;
  /** the run's display name and team */
  name: string;
  team: string | null;
  /** complete public runs of this tool with this model on the board */
  runs: number;
}

export interface Table1Mean extends Table1Counts {
  tool: string;
  /** the cells (models) the means are over */
  models: number;
}

export interface CiTable1 {
  /** artifacts in the release (each cell's counts are out of it); null when no row says */
  artifacts: number | null;
  /** tools (columns of the paper's table), best mean #CO first */
  tools: string[];
  /** foundation models (rows), best #CO first */
  models: string[];
  cells: Table1Cell[];
  /** per tool, the mean of each count over its models */
  means: Table1Mean[];
  /** complete public runs that do not state their tool (`agent`) or model (`base_model`) */
  unstated: number;
}

const stated = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** The mean of the non-null values, or null when there are none. */
function meanOf(xs: (number | null)[]): number | null {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? v.reduce((s, x) => s + x, 0) / v.length : null;
}

/** "GPT-4o" and "gpt-4o" are one model (as the board's filters have it): the first spelling names it. */
function namer() {
  const names = new Map<string, string>();
  return (v: string) => {
    const k = v.toLowerCase();
    if (!names.has(k)) names.set(k, v);
    return names.get(k)!;
  };
}

/**
 * Builds Table 1 from board rows in board order. Baselines and partial runs are left out (a
 * partial run's counts are over fewer artifacts); a tool × model with several runs shows the one
 * with the most #CO (ties: the first in board order) and says how many there were.
 *
 * @example buildCiTable1([{ submissionId: "s", model: "m", team: null,
 *   meta: { agent: "SWE-agent", base_model: "Deepseek-V3" },
 *   metrics: { PG: 64, PL: 36, SYE_PL: 28, CO: 35, artifacts: 100 } }])
 *   // → one cell { tool: "SWE-agent", baseModel: "Deepseek-V3", PG: 64, PL: 36, SYE: 28, CO: 35, … }
 */
export function buildCiTable1(rows: Table1Source[]): CiTable1 {
  const tool = namer();
  const model = namer();
  const cells = new Map<string, Table1Cell>();
  let unstated = 0;
  let artifacts: number | null = null;
  for (const r of rows) {
    if (r.baseline || r.partial) continue;
    const a = stated(r.meta.agent);
    const b = stated(r.meta.base_model);
    if (a === null || b === null) {
      unstated++;
      continue;
    }
    artifacts ??= getMetric(r.metrics, "artifacts");
    const counts = Object.fromEntries(
      TABLE1_COUNTS.map((c) => [c.key, getMetric(r.metrics, c.metric)]),
    ) as Table1Counts;
    const t = tool(a);
    const m = model(b);
    const key = JSON.stringify([t.toLowerCase(), m.toLowerCase()]);
    const had = cells.get(key);
    const runs = (had?.runs ?? 0) + 1;
    const beats = !had || (counts.CO ?? -1) > (had.CO ?? -1);
    cells.set(
      key,
      beats
        ? { tool: t, baseModel: m, ...counts, submissionId: r.submissionId, name: r.model, team: r.team, runs }
        : { ...had, runs },
    );
  }
  const list = [...cells.values()];
  const means: Table1Mean[] = [...new Set(list.map((c) => c.tool))].map((t) => {
    const mine = list.filter((c) => c.tool === t);
    const m = Object.fromEntries(TABLE1_COUNTS.map((c) => [c.key, meanOf(mine.map((x) => x[c.key]))])) as Table1Counts;
    return { tool: t, ...m, models: mine.length };
  });
  const co = (x: { CO: number | null }) => x.CO ?? -Infinity;
  const tools = [...means].sort((x, y) => co(y) - co(x) || x.tool.localeCompare(y.tool)).map((m) => m.tool);
  const bestOfModel = (m: string) => Math.max(...list.filter((c) => c.baseModel === m).map(co));
  const models = [...new Set(list.map((c) => c.baseModel))].sort(
    (x, y) => bestOfModel(y) - bestOfModel(x) || x.localeCompare(y),
  );
  return {
    artifacts,
    tools,
    models,
    cells: list,
    means: tools.map((t) => means.find((m) => m.tool === t)!),
    unstated,
  };
}

import { z } from "zod";
import { optionalOrBlank } from "./blank";

const flag = (dflt: boolean) =>
  z
    .enum(["0", "1", "true", "false"])
    .optional()
    .transform((v) => (v === undefined ? dflt : v === "1" || v === "true"));
const day = optionalOrBlank(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dates are YYYY-MM-DD"));

const metaValue = optionalOrBlank(z.string().trim().max(120));

/**
 * The view state of a leaderboard, all of it in the URL (page, API and exports share it):
 * release, filters, search, sort.
 */
export const LeaderboardView = z.object({
  release: optionalOrBlank(z.string().max(40)),
  /** one row per system (team, model): its best complete submission; or every submission */
  view: z.enum(["best", "all"]).optional(),
  partial: flag(false),
  baselines: flag(true),
  synthetic: flag(true),
  oss: flag(false),
  /** system metadata filters (exact, case-insensitive): the agent/tool, base model, judge model */
  agent: metaValue,
  base_model: metaValue,
  judge_model: metaValue,
  /** only runs judged with the paper's judge setup (CR-Bench, A&V) */
  paper_judge: flag(false),
  /** systems with at least this many repeated runs (a system without numbered runs has one) */
  min_runs: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number()
      .int("min_runs is a whole number")
      .min(1, "min_runs is at least 1")
      .max(1000, "min_runs is at most 1000")
      .optional(),
  ),
  /** agentic runs only (1) or single-call ones only (0) */
  agentic: z.enum(["0", "1"]).optional(),
  team: optionalOrBlank(z.string().max(48)),
  from: day,
  to: day,
  q: optionalOrBlank(z.string().max(100)),
  sort: z.string().max(64).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
  format: z.enum(["json", "csv"]).optional(),
  /** the columns a page shows, comma-separated keys (lib/leaderboard-columns.ts); the API and exports give every column */
  cols: optionalOrBlank(z.string().max(1000)),
  /** submissions ticked for comparison (up to 4 ids, comma-separated): kept across pages and sorts */
  pick: optionalOrBlank(
    z
      .string()
      .max(200)
      .regex(/^[0-9a-f,-]*$/i, "pick is submission ids separated by commas"),
  ),
  /** the attribute the page's "where does it fail" heatmap slices by (the API ignores it) */
  by: optionalOrBlank(
    z
      .string()
      .max(40)
      .regex(/^[a-z_]+$/, "by is an attribute key such as repository or length"),
  ),
  /** one page of rows: at most `limit` rows from `offset` (without them, all rows) */
  limit: z.coerce
    .number()
    .int("limit is a whole number")
    .min(1, "limit is at least 1")
    .max(1000, "limit is at most 1000")
    .optional(),
  offset: z.coerce.number().int("offset is a whole number").min(0, "offset is at least 0").max(1_000_000).optional(),
});
export type LeaderboardView = z.infer<typeof LeaderboardView>;

/** A parameter's value: its first occurrence, but every `cols` (a column picker's checkboxes) joined. */
const firstValue = (k: string, v: string | string[]) => (Array.isArray(v) ? (k === "cols" ? v.join(",") : v[0]) : v);

/** Reads the view from URL search params (first value of each key; every `cols`). */
export function parseLeaderboardView(
  sp: URLSearchParams | Record<string, string | string[] | undefined>,
): LeaderboardView {
  const obj: Record<string, string> = {};
  if (sp instanceof URLSearchParams)
    sp.forEach((v, k) => (obj[k] = k === "cols" && obj[k] ? `${obj[k]},${v}` : (obj[k] ?? v)));
  else for (const [k, v] of Object.entries(sp)) if (v !== undefined) obj[k] = firstValue(k, v);
  return LeaderboardView.parse(obj);
}

/**
 * Like parseLeaderboardView, but for pages: parameters that fail validation are dropped (the
 * rest still applies) and reported, so the page can say what it ignored.
 */
export function parseLeaderboardViewLenient(sp: Record<string, string | string[] | undefined>): {
  view: LeaderboardView;
  ignored: { key: string; message: string }[];
} {
  const obj: Record<string, string> = {};
  for (const [k, v] of Object.entries(sp)) if (v !== undefined) obj[k] = firstValue(k, v);
  const ignored: { key: string; message: string }[] = [];
  for (;;) {
    const r = LeaderboardView.safeParse(obj);
    if (r.success) return { view: r.data, ignored };
    for (const issue of r.error.issues) {
      const key = String(issue.path[0] ?? "");
      if (!(key in obj)) return { view: LeaderboardView.parse({}), ignored };
      ignored.push({ key, message: issue.message });
      delete obj[key];
    }
  }
}

/** The query string of a view, omitting defaults, so every view has a short permalink. */
export function viewQuery(v: Partial<LeaderboardView>, primary: string): string {
  const p = new URLSearchParams();
  if (v.release) p.set("release", v.release);
  if (v.view === "all") p.set("view", "all");
  if (v.partial) p.set("partial", "1");
  if (v.baselines === false) p.set("baselines", "0");
  if (v.synthetic === false) p.set("synthetic", "0");
  if (v.oss) p.set("oss", "1");
  if (v.agent) p.set("agent", v.agent);
  if (v.base_model) p.set("base_model", v.base_model);
  if (v.judge_model) p.set("judge_model", v.judge_model);
  if (v.paper_judge) p.set("paper_judge", "1");
  if (v.min_runs && v.min_runs > 1) p.set("min_runs", String(v.min_runs));
  if (v.agentic) p.set("agentic", v.agentic);
  if (v.team) p.set("team", v.team);
  if (v.from) p.set("from", v.from);
  if (v.to) p.set("to", v.to);
  if (v.q) p.set("q", v.q);
  if (v.sort && v.sort !== primary) p.set("sort", v.sort);
  if (v.dir && !(v.dir === "desc" && (!v.sort || v.sort === primary))) p.set("dir", v.dir);
  if (v.format) p.set("format", v.format);
  if (v.cols) p.set("cols", v.cols);
  if (v.pick) p.set("pick", v.pick);
  if (v.by) p.set("by", v.by);
  if (v.limit !== undefined) p.set("limit", String(v.limit));
  if (v.offset) p.set("offset", String(v.offset));
  const s = p.toString();
  return s ? `?${s}` : "";
}

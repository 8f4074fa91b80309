import Form from "next/form";
import Link from "next/link";
import type { LeaderboardView } from "@/lib/validations/leaderboard-view";
import { SYSTEM_META_LABELS } from "@/lib/system-meta-labels";
import { AutoSubmit } from "./auto-submit";

interface Props {
  action: string;
  view: LeaderboardView;
  releases: { version: string; status: string; synthetic: boolean }[];
  currentVersion: string;
  teams: { slug: string; name: string }[];
  /** the system metadata values the rows carry; judged: the paper's judge setups (tasks with a judge) */
  facets: { agent: string[]; base_model: string[]; judge_model: string[]; judged: string[] | null };
  /** the pivot view of this release (tool × model) */
  pivot: string;
  sort: string;
  dir: string;
  exportCsv: string;
  exportJson: string;
  /** the columns picked (kept when the filters change) */
  cols?: string;
}

const input = "rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The filters the view applies beyond the defaults, named for the folded control's summary. */
export function activeFilters(p: Pick<Props, "view" | "teams">): string[] {
  const v = p.view;
  const on: string[] = [];
  if (v.release) on.push(`release ${v.release}`);
  if (v.team) on.push(`team ${p.teams.find((t) => t.slug === v.team)?.name ?? v.team}`);
  if (v.agent) on.push(v.agent);
  if (v.base_model) on.push(v.base_model);
  if (v.judge_model) on.push(`judge ${v.judge_model}`);
  if (v.from || v.to) on.push(`${v.from ?? "…"} to ${v.to ?? "…"}`);
  if (v.oss) on.push("open source");
  if (v.partial) on.push("partial shown");
  if (v.paper_judge) on.push("paper's judge");
  if (v.min_runs && v.min_runs > 1) on.push(`${v.min_runs}+ runs`);
  if (v.baselines === false) on.push("no baselines");
  if (v.synthetic === false) on.push("no synthetic");
  return on;
}

/**
 * Search, filters and release switcher as one GET form: the URL holds the whole view. The search
 * box stays in view; the filters fold behind one control (named with what is on), so the first
 * ranked rows are on the first screen of a phone.
 */
export function LeaderboardFilters(p: Props) {
  const on = activeFilters(p);
  return (
    // next/form: a soft navigation with JavaScript (the page's shell stays, the progress shows),
    // a plain GET form without it
    <Form
      action={p.action}
      prefetch={false}
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm print:hidden"
      data-testid="filters"
      data-navigates=""
      role="search"
    >
      <AutoSubmit />
      <label className="flex min-w-[12rem] flex-1 items-center gap-2 sm:max-w-xs">
        <span className="sr-only">Search models, systems and teams</span>
        <input
          type="search"
          name="q"
          defaultValue={p.view.q ?? ""}
          placeholder="Search model, system, team"
          className={`${input} w-full`}
        />
      </label>
      {/* on a phone: the search and Apply on one line, the folded filters and the links on the next
          (the open fold takes the whole width), so the ranking starts on the first screen */}
      <details className="filters-fold order-last max-sm:open:basis-full sm:order-none" data-testid="filters-fold">
        <summary className="cursor-pointer select-none rounded border border-slate-300 px-2 py-1 dark:border-slate-700">
          Filters{on.length ? ` (${on.length} on: ${on.join(", ")})` : ""}
        </summary>
        <FilterFields {...p} />
      </details>
      <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        Apply
      </button>
      <span className="order-last flex gap-3 sm:order-none sm:ml-auto">
        <Link href={p.pivot} data-testid="pivot-link" prefetch={false}>
          Pivot
        </Link>
        <Link href={p.exportCsv} data-testid="export-csv" prefetch={false}>
          Export CSV
        </Link>
        <Link href={p.exportJson} data-testid="export-json" prefetch={false}>
          JSON
        </Link>
      </span>
      {p.sort ? <input type="hidden" name="sort" value={p.sort} /> : null}
      {p.cols ? <input type="hidden" name="cols" value={p.cols} /> : null}
      {p.dir ? <input type="hidden" name="dir" value={p.dir} /> : null}
    </Form>
  );
}

/** The folded fields: release, team, system metadata, dates and the switches. */
function FilterFields(p: Props) {
  return (
    <div className="mt-2 flex flex-wrap items-end gap-3 rounded border border-slate-200 p-2 dark:border-slate-800">
      <label className="flex flex-col">
        <span className="text-xs text-muted">Release</span>
        <select name="release" defaultValue={p.view.release ?? ""} className={input} aria-label="Release">
          {p.releases.map((r) => (
            <option key={r.version} value={r.status === "published" ? "" : r.version}>
              {r.version}
              {r.status === "published" ? " (current)" : ""}
              {r.synthetic ? " · synthetic" : ""}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-xs text-muted">Team</span>
        <select name="team" defaultValue={p.view.team ?? ""} className={input}>
          <option value="">all teams</option>
          {p.teams.map((t) => (
            <option key={t.slug} value={t.slug}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <MetadataSelects {...p} />
      <label className="flex flex-col">
        <span className="text-xs text-muted">From</span>
        <input type="date" name="from" defaultValue={p.view.from ?? ""} className={input} />
      </label>
      <label className="flex flex-col">
        <span className="text-xs text-muted">To</span>
        <input type="date" name="to" defaultValue={p.view.to ?? ""} className={input} />
      </label>
      <ShowSwitches {...p} />
    </div>
  );
}

/** A select per system-metadata facet the rows carry: agent, base model, judge. */
function MetadataSelects(p: Props) {
  return (
    <>
      {(
        [
          ["agent", SYSTEM_META_LABELS.agent, "all agents"],
          ["base_model", SYSTEM_META_LABELS.base_model, "all base models"],
          ["judge_model", SYSTEM_META_LABELS.judge_model, "all judges"],
        ] as const
      ).map(([key, label, any]) =>
        p.facets[key].length ? (
          <label key={key} className="flex flex-col">
            <span className="text-xs text-muted">{label}</span>
            <select name={key} defaultValue={p.view[key] ?? ""} className={input} data-testid={`filter-${key}`}>
              <option value="">{any}</option>
              {p.facets[key].map((x) => (
                <option key={x} value={x}>
                  {x}
                </option>
              ))}
            </select>
          </label>
        ) : null,
      )}
    </>
  );
}

/** The switches: open source only, partial shown, the paper's judge only, baselines and synthetic hidden. */
function ShowSwitches(p: Props) {
  return (
    <fieldset className="flex flex-wrap items-center gap-3">
      <legend className="sr-only">Show</legend>
      <label className="flex items-center gap-1">
        <input type="checkbox" name="oss" value="1" defaultChecked={p.view.oss} /> open source only
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" name="partial" value="1" defaultChecked={p.view.partial} /> show partial
      </label>
      {p.facets.judged ? (
        <label className="flex items-center gap-1" title={`the paper's judge: ${p.facets.judged.join("; ")}`}>
          <input
            type="checkbox"
            name="paper_judge"
            value="1"
            defaultChecked={p.view.paper_judge}
            data-testid="paper-judge-only"
          />{" "}
          paper&apos;s judge only
        </label>
      ) : null}
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          name="baselines"
          value="0"
          defaultChecked={!p.view.baselines}
          data-testid="hide-baselines"
        />{" "}
        hide baselines
      </label>
      <label className="flex items-center gap-1">
        <input type="checkbox" name="synthetic" value="0" defaultChecked={!p.view.synthetic} /> hide synthetic
      </label>
      <label
        className="flex items-center gap-1"
        title="repeated runs: systems that uploaded at least this many numbered runs"
      >
        at least{" "}
        <input
          type="number"
          name="min_runs"
          min={1}
          max={1000}
          step={1}
          defaultValue={p.view.min_runs ?? ""}
          placeholder="1"
          className={`${input} w-14`}
          data-testid="min-runs"
        />{" "}
        runs
      </label>
    </fieldset>
  );
}

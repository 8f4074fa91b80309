// The notes around a leaderboard: what the release is (synthetic, hidden and scored with the
// Ladder), what was ignored in the URL, how the board is ranked, and the print header.
import Link from "next/link";
import type { BoardView } from "@/lib/server/leaderboard";
import type { BoardSubset } from "@/lib/tasks/types";
import { paperTableOf } from "@/lib/paper-rows";

const amber =
  "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100";

export function SyntheticBanner({ notes }: { notes: string | null }) {
  return (
    <div
      role="note"
      data-testid="synthetic-banner"
      className={`mb-2 sm:mb-4 max-sm:truncate max-sm:py-1.5 max-sm:text-xs ${amber}`}
    >
      <strong>Synthetic release.</strong> {notes || "Generated data standing in for the official release."}{" "}
      {/* one line on a phone (cut with an ellipsis): the rows' "synth." badges say it again */}
      <span className="max-sm:hidden">
        Its instances, ground truth and the systems listed are made up (fixed-seed generator); no real model is scored
        against it.
      </span>
    </div>
  );
}

export function LadderBanner({ metricLabel, approvedOnly }: { metricLabel: string; approvedOnly: boolean }) {
  return (
    <div
      role="note"
      data-testid="ladder-banner"
      className="mb-2 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm sm:mb-4 dark:border-slate-700 dark:bg-slate-900 max-sm:py-2"
    >
      {/* the rule in one line, the whole of it a click away (a phone's first screen is for the rows) */}
      <details>
        <summary className="cursor-pointer">
          <strong>Hidden test set, scored with the Ladder.</strong>{" "}
          <span className="text-sky-800 underline dark:text-sky-300">how</span>
        </summary>
        {/* the target of "how hidden test sets are scored" links: inside the fold, so the browser opens it */}
        <span id="ladder" />
        The ground truth of this release never leaves the server, and neither does any number computed per instance (no
        curves, intervals, disagreement lists or dry-run metrics). A team&apos;s first submission is shown; a later one
        only when its {metricLabel} beats the team&apos;s best shown one by more than the margin of a 95% paired
        bootstrap on the hidden instances (a bar raised a little, at random) — and then with random noise of about a
        margin (±) added and rounded to that margin on a grid shifted by a secret offset for each team: a shown value is
        usually within one margin of the true one (84%), within two 98% of the time, never more than 3½ margins off.
        Otherwise the team sees &ldquo;not a significant improvement over your best&rdquo; and nothing new is shown.
        This is the Ladder of Blum &amp; Hardt (ICML 2015), with the noise of Hardt&apos;s Shaky Ladder (2017): it stops
        a team, or many accounts, from fitting the hidden labels by uploading variations, while real improvements still
        climb the board. Uploads are limited per team and day
        {approvedOnly ? "; only teams an admin approved may upload to this release" : ""}.
      </details>
    </div>
  );
}

/** The parts of the URL's view that did not parse, named (the rest applies). */
export function IgnoredParams({ ignored }: { ignored: { key: string; message: string }[] }) {
  if (!ignored.length) return null;
  return (
    <p role="alert" data-testid="ignored-params" className={`mb-3 p-2 ${amber.replace("rounded-lg", "rounded")}`}>
      Ignored {ignored.map((i) => `${i.key}: ${i.message}`).join("; ")}.
    </p>
  );
}

/**
 * How the board is ranked, in one line a reader takes in at a glance (what the bracket is, how
 * many systems could be #1), the full method a click (or Enter) away — nothing hover-only.
 */
export function RankingNote({ column, board }: { column: BoardView["primaryColumn"]; board: BoardView }) {
  if (!column) return null;
  const { lb } = board;
  const n = lb.counts.ranked;
  const top = lb.counts.topGroup;
  const things = lb.view === "all" ? "submissions" : "systems";
  return (
    <details
      className="mb-1 text-sm text-slate-700 sm:mb-2 dark:text-slate-300"
      data-testid="ranking-note"
      id="how-ranked"
    >
      <summary className="cursor-pointer">
        Ranked by <strong>{column.label}</strong>{" "}
        <span className="max-sm:hidden">({column.better === "lower" ? "lower" : "higher"} is better)</span>
        {lb.release.hidden ? (
          " · hidden test set: no rank intervals"
        ) : lb.intervals.state === "pending" ? (
          " · rank intervals being recomputed for the latest change"
        ) : n ? (
          <>
            {" · "}
            <span data-testid="top-group-count">
              {top === 1
                ? `#1 is ahead of every other ${things.slice(0, -1)} beyond chance`
                : `${top.toLocaleString("en-US")} of ${n.toLocaleString("en-US")} ${things} could be #1`}
            </span>
            {top === 1 ? "" : <span className="max-sm:hidden"> (their bracket starts at 1)</span>} ·{" "}
            <span className="text-sky-800 underline dark:text-sky-300">how</span>
          </>
        ) : null}
      </summary>
      <div className="mt-1 max-w-5xl space-y-1 text-slate-600 dark:text-slate-400">
        <p>
          <strong>{column.label}</strong>: {column.description}{" "}
          {lb.view === "all"
            ? "Every public submission is listed."
            : "One row per system (team and model): its best complete submission."}{" "}
          ± is half the 95% bootstrap interval of the score (1,000 seeded resamples of the instances).
        </p>
        {lb.release.hidden ? (
          <p>A hidden release shows no rank intervals: they would move with single hidden labels.</p>
        ) : (
          <p>
            In brackets, the rank&apos;s simultaneous 95% interval: every pair of {things} on the board is compared at
            once (studentised max-T over the same bootstrap resamples), and the bracket runs from 1 + the number of rows
            that beat this one beyond chance to the number that do not lose to it. A bracket that starts at 1 means no
            row is better beyond chance: that row could be #1. Each submission&apos;s page also shows its own (marginal)
            interval, which is narrower because it answers one question, not all of them at once.
          </p>
        )}
        <p>
          Rows in grey score below the strongest baseline: a rule that never reads the instances does as well.
          &ldquo;Best of N&rdquo; counts a system&apos;s complete scored submissions of any visibility; &ldquo;N uploads
          here&rdquo; every scored upload of the team to this release — many variants behind one shown row is selective
          disclosure.
        </p>
      </div>
    </details>
  );
}

/**
 * Which row of the paper's table each of its authors' rows is (lib/paper-rows.ts), and the row
 * with no published file: on a board of real data that has a paper table (BouncerBench Input),
 * under its rows (a phone's first screen keeps the rows).
 */
export function PaperRowsNote({ task, synthetic }: { task: string; synthetic: boolean }) {
  const table = paperTableOf(task);
  if (!table || synthetic) return null;
  return (
    <p className="mt-3 max-w-5xl text-sm text-slate-700 dark:text-slate-300" data-testid="paper-rows-note">
      The paper&apos;s {table.table} ({table.caption}): the rows of <strong>{table.team}</strong> are its published
      systems, scored here from the replication package&apos;s prediction files —{" "}
      {table.rows.map((r, i) => (
        <span key={r.model}>
          {i ? ", " : ""}row {r.row}: <strong>{r.model}</strong>
        </span>
      ))}
      .{" "}
      {table.unpublished.map((u) => (
        <span key={u.model}>
          Not here: row {u.row}: <strong>{u.model}</strong>, {u.why}.{" "}
        </span>
      ))}
    </p>
  );
}

/** Shown on paper only: which release, how many rows, when, and the permalink of the view. */
export function PrintHeader({ board, origin }: { board: BoardView; origin: string }) {
  const { lb } = board;
  return (
    <p className="mb-3 hidden text-sm print:block" data-testid="print-header">
      Release {lb.release.version} ({lb.release.instanceCount} instances{lb.release.hidden ? ", hidden test set" : ""})
      · {lb.matched.toLocaleString("en-US")} of{" "}
      {lb.view === "best"
        ? `${lb.counts.best.toLocaleString("en-US")} systems`
        : `${lb.counts.all.toLocaleString("en-US")} submissions`}{" "}
      · printed {new Date().toISOString().slice(0, 10)} from {origin}
      {board.links.printed}
    </p>
  );
}

/**
 * A subset of instances the release declares (CR-Bench-verified: the paper's 174 of 584 PRs, on
 * which its results are): the board switches between the whole release and the subset by its sort
 * and columns — a permalink each. The rank column and its intervals stay those of the whole
 * release; on the subset the rows are ordered by its metric, which carries no interval.
 */
export function SubsetSwitch({ subset, board }: { subset: BoardSubset | undefined; board: BoardView }) {
  if (!subset) return null;
  const { lb, links, primaryColumn } = board;
  const size = Math.max(0, ...lb.rows.map((r) => Number(r.metrics[subset.size] ?? 0)));
  const on = lb.sort === subset.sort;
  // no row holds the subset (none declared, or a filter left none): only the way back, if on it
  if (!size && !on) return null;
  // fewer words on a phone, so the switch is one line
  const all = (
    <>
      all {lb.release.instanceCount.toLocaleString("en-US")}
      <span className="max-sm:hidden"> {lb.release.instanceCount === 1 ? "instance" : "instances"}</span>
    </>
  );
  const part = (
    <>
      <span className="max-sm:hidden">{subset.label}</span>
      <span className="sm:hidden">{subset.short}</span>
      {size ? (
        <>
          {" "}
          ({size.toLocaleString("en-US")}
          <span className="max-sm:hidden"> {size === 1 ? "instance" : "instances"}</span>)
        </>
      ) : null}
    </>
  );
  return (
    <nav
      aria-label="Instances scored"
      data-testid="subset-switch"
      className="mb-1 flex flex-wrap items-center gap-2 text-sm sm:mb-2"
    >
      <span className="text-muted max-sm:sr-only">Scored on:</span>
      {on ? (
        <Link
          href={links.sortWith(lb.primaryMetric, primaryColumn?.better === "lower" ? "asc" : "desc", undefined)}
          prefetch={false}
        >
          {all}
        </Link>
      ) : (
        <span aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 font-medium dark:bg-slate-700">
          {all}
        </span>
      )}
      {on ? (
        <span aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 font-medium dark:bg-slate-700">
          {part}
        </span>
      ) : (
        <Link
          href={links.sortWith(subset.sort, "desc", subset.cols.join(","))}
          prefetch={false}
          data-testid="subset-on"
        >
          {part}
        </Link>
      )}
      {on ? (
        <span className="text-xs text-muted">
          ordered by {lb.columns.find((c) => c.key === subset.sort)?.label ?? subset.sort} (no interval); the rank and
          its interval are the whole release&apos;s
        </span>
      ) : null}
    </nav>
  );
}

import Link from "next/link";
import { Card } from "@/components/ui/card";
import { fixed, plural } from "@/lib/format";
import type { beatsMatrix, compareCandidates } from "@/lib/server/leaderboard";

type Candidates = Awaited<ReturnType<typeof compareCandidates>>;
type Matrix = NonNullable<Awaited<ReturnType<typeof beatsMatrix>>>;

/** Find systems by name and add them (up to four); the current picks can be removed. A GET form: every state is a URL. */
export function ComparePicker({
  c,
  action,
  ids,
  release,
  picked,
}: {
  c: Candidates;
  action: string;
  ids: string[];
  release?: string;
  picked: { submissionId: string; model: string }[];
}) {
  // names from the comparison when there is one, else from the board
  const shown = ids.map((id) => ({
    submissionId: id,
    model:
      picked.find((p) => p.submissionId === id)?.model ??
      c.picked.find((p) => p.submissionId === id)?.model ??
      "a submission",
  }));
  return (
    <Card title="Pick systems to compare">
      {shown.length ? (
        <ul className="mb-2 flex flex-wrap gap-2 text-sm" data-testid="compare-picked">
          {shown.map((p) => (
            <li key={p.submissionId} className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700">
              {p.model}{" "}
              <Link href={c.remove[p.submissionId] ?? action} aria-label={`Remove ${p.model}`} className="ml-1">
                ×
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <FindForm c={c} action={action} ids={ids} release={release} />
      {c.find ? <FindMatches c={c} /> : null}
    </Card>
  );
}

/** The search for a system to add (the picks and the release ride along). */
function FindForm({ c, action, ids, release }: { c: Candidates; action: string; ids: string[]; release?: string }) {
  return (
    <form action={action} method="get" role="search" className="flex flex-wrap items-center gap-2 text-sm">
      {ids.length ? <input type="hidden" name="ids" value={ids.join(",")} /> : null}
      {release ? <input type="hidden" name="release" value={release} /> : null}
      <label htmlFor="compare-find" className="text-muted">
        Find a system
      </label>
      <input
        id="compare-find"
        name="find"
        defaultValue={c.find}
        placeholder="model, team or system name"
        maxLength={100}
        className="w-64 rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
        data-testid="compare-find"
      />
      <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        Search
      </button>
      {c.full ? <span className="text-muted">Four picked: remove one to add another.</span> : null}
    </form>
  );
}

/** The systems the search found, each with its link to add it. */
function FindMatches({ c }: { c: Candidates }) {
  return c.matches.length ? (
    <ul className="mt-2 space-y-1 text-sm" data-testid="compare-matches">
      {c.matches.map((m) => (
        <li key={m.submissionId}>
          {m.add ? (
            <Link href={m.add} data-testid="compare-add">
              + {m.model}
            </Link>
          ) : (
            m.model
          )}{" "}
          <span className="text-muted">
            {m.team ?? ""}
            {m.rank !== null ? ` · #${m.rank}` : ""}
            {m.primary !== null ? ` · ${fixed(m.primary, 3)}` : ""}
          </span>
        </li>
      ))}
      {c.more ? <li className="text-muted">… and {c.more} more: narrow the search</li> : null}
    </ul>
  ) : (
    <p className="mt-2 text-sm text-muted">No system on the board matches “{c.find}”.</p>
  );
}

const CELL = {
  win: {
    text: "▲",
    title: "significantly better",
    className: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  },
  loss: {
    text: "▼",
    title: "significantly worse",
    className: "bg-rose-100 text-rose-900 dark:bg-rose-900/50 dark:text-rose-100",
  },
  tie: { text: "·", title: "not separable", className: "text-muted" },
} as const;

/** Who beats whom among the picks, or the top ten systems (simultaneous 95%): a row's ▲ is a column it beats. */
export function BeatsMatrix({ m, fullSlug, metricLabel }: { m: Matrix; fullSlug: string; metricLabel: string }) {
  const separable = m.cells.some((row) => row.some((c) => c === "win" || c === "loss"));
  return (
    <Card
      title={
        m.picked
          ? `Who beats whom: the ${m.rows.length} ${m.rows.length === 1 ? "submission" : "submissions"} you picked`
          : `Who beats whom: the top ${plural(m.rows.length, "system")}`
      }
    >
      {separable ? null : (
        <p className="mb-2 font-medium" data-testid="beats-none" role="note">
          None of these can be told apart: with every pair of the board tested at once, no difference here is larger
          than chance.
          {m.picked
            ? " The paired test above asks about one pair alone, so it can find a difference this one does not."
            : ""}
        </p>
      )}
      <p className="mb-2 text-sm text-muted">
        Row vs column on {metricLabel}, release {m.release}: ▲ the row is significantly better, ▼ worse, · not separable
        — every pair of the board tested at once (simultaneous 95%, studentised max-T over the bootstrap resamples), the
        same test as the board&apos;s rank intervals (in brackets).
      </p>
      <div className="overflow-x-auto" data-scroll-x="">
        <table className="text-xs" data-testid="beats-matrix" data-picked={m.picked ? "1" : undefined}>
          <caption className="sr-only">Pairwise significance among the top systems</caption>
          <thead>
            <tr>
              <th scope="col" className="p-1 text-left">
                system
              </th>
              {m.rows.map((r, j) => (
                <th key={r.submissionId} scope="col" className="p-1 text-center" title={r.model}>
                  #{r.rank ?? j + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.rows.map((r, i) => (
              <BeatsRow key={r.submissionId} m={m} r={r} i={i} fullSlug={fullSlug} />
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

/** A row of the matrix: the system, then its result against each column (a link to the pair's comparison). */
function BeatsRow({ m, r, i, fullSlug }: { m: Matrix; r: Matrix["rows"][number]; i: number; fullSlug: string }) {
  return (
    <tr>
      <th scope="row" className="max-w-[9rem] truncate p-1 text-left font-normal sm:max-w-[16rem]">
        <Link href={`/submissions/${r.submissionId}`}>
          #{r.rank} {r.model}
        </Link>
        {r.interval ? (
          <span className="text-muted">
            {" "}
            ({r.interval.lo}–{r.interval.hi})
          </span>
        ) : null}
      </th>
      {m.cells[i].map((cell, j) =>
        cell === null ? (
          <td key={j} className="p-1 text-center text-muted">
            —
          </td>
        ) : (
          <td
            key={j}
            className={`p-1 text-center ${CELL[cell].className}`}
            title={`${r.model} vs ${m.rows[j].model}: ${CELL[cell].title}`}
            data-cell={cell}
          >
            <Link
              href={`/tasks/${fullSlug}/compare?ids=${r.submissionId},${m.rows[j].submissionId}&release=${encodeURIComponent(m.release)}`}
              className="no-underline"
            >
              {CELL[cell].text}
              <span className="sr-only"> {CELL[cell].title}</span>
            </Link>
          </td>
        ),
      )}
    </tr>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { formatDate } from "@/lib/format";
import { taskChangelog } from "@/lib/server/releases";
import { orNotFound } from "@/lib/server/pages";
import { ChangelogQuery, type CHANGELOG_TYPES } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { countLabel, RUN_MIN, runsOf } from "@/lib/changelog-runs";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { benchmark, task } = await params;
  return {
    title: `${benchmark}/${task} changelog`,
    // feed readers find the Atom feed from the page
    alternates: { types: { "application/atom+xml": `/api/v1/tasks/${benchmark}/${task}/changelog?format=atom` } },
  };
}

const KIND_LABEL: Record<string, string> = {
  "release.publish": "release",
  "release.archive": "release",
  "release.rescore": "re-score",
  "submission.public": "new entry",
  "submission.verify": "verified",
  "submission.unverify": "verification withdrawn",
  "submission.hide": "hidden",
  "submission.unhide": "shown again",
  "submission.hold": "held for review",
  "submission.clear": "cleared",
  "submission.withdraw": "withdrawn",
  "submission.delete": "removed",
  "snapshot.takedown": "snapshot taken down",
};

/** events a page (older ones a link away: `?before=` the last one shown) */
const PAGE = 50;

/** The filters, as their links say them. */
const TYPES: { type: ChangelogType; label: string }[] = [
  { type: "all", label: "Everything" },
  { type: "entries", label: "New entries" },
  { type: "releases", label: "Releases and re-scores" },
  { type: "moderation", label: "Moderation ledger" },
];

type ChangelogType = (typeof CHANGELOG_TYPES)[number];
type Event = Awaited<ReturnType<typeof taskChangelog>>["events"][number];

function EventLine({ e }: { e: Event }) {
  return (
    <>
      <time dateTime={e.at} className="w-40 shrink-0 text-muted">
        {formatDate(e.at)}
      </time>
      <span className="w-36 shrink-0 font-medium">{KIND_LABEL[e.kind] ?? e.kind}</span>
      <span>
        {e.submission && !e.decidedBy ? <Link href={`/submissions/${e.submission.id}`}>{e.summary}</Link> : e.summary}
      </span>
    </>
  );
}

const ROW = "flex flex-wrap gap-x-3 border-t border-slate-100 pt-2 first:border-0 first:pt-0 dark:border-slate-800";

/** One event, or a run of the same kind on one day folded into a count (open it to read each). */
function Run({ run }: { run: Event[] }) {
  if (run.length < RUN_MIN)
    return run.map((e) => (
      <li key={e.id} id={`event-${e.id}`} className={ROW}>
        <EventLine e={e} />
      </li>
    ));
  return (
    <li
      className="border-t border-slate-100 pt-2 first:border-0 first:pt-0 dark:border-slate-800"
      data-testid="changelog-group"
    >
      <details>
        <summary className="cursor-pointer">
          <span className="font-medium">{countLabel(KIND_LABEL[run[0].kind] ?? run[0].kind, run.length)}</span> on{" "}
          <time dateTime={run[0].at.slice(0, 10)}>{run[0].at.slice(0, 10)}</time>
          <span className="text-muted">
            {" "}
            (newest {formatDate(run[0].at)}, oldest {formatDate(run[run.length - 1].at)})
          </span>
        </summary>
        <ol className="mt-2 space-y-2 pl-4">
          {run.map((e) => (
            <li key={e.id} id={`event-${e.id}`} className={ROW}>
              <EventLine e={e} />
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}

export default async function ChangelogPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const fullSlug = fullSlugOf(await params);
  const sp = await searchParams;
  const before = ChangelogQuery.shape.before.safeParse(sp.before).data;
  const type = ChangelogQuery.shape.type.safeParse(sp.type).data ?? "all";
  const db = await getDb();
  const c = await orNotFound(getTaskCached(db, fullSlug).then((t) => taskChangelog(db, t, PAGE, before, type)));
  const href = (q: { type?: ChangelogType; before?: string }) => {
    const p = new URLSearchParams();
    if (q.type && q.type !== "all") p.set("type", q.type);
    if (q.before) p.set("before", q.before);
    const qs = p.toString();
    return `/tasks/${fullSlug}/changelog${qs ? `?${qs}` : ""}`;
  };
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>
          {c.benchmark} · {c.taskName}
        </Link>{" "}
        / changelog
      </p>
      <h1 className="text-2xl font-bold">Changelog</h1>
      <p className="text-sm">
        Releases, re-scores and new public entries of this task, newest first, and its moderation ledger: every
        verification, hide, hold for review and its clearance, withdrawal, removal and snapshot takedown of something
        that was public, with who decided (a role) and the reason given. Three or more events of one kind on one day are
        counted in one line; open it to read each.{" "}
        <a href={`/api/v1/tasks/${fullSlug}/changelog?format=atom${type !== "all" ? `&type=${type}` : ""}`}>
          Atom feed
        </a>{" "}
        · <a href={`/api/v1/tasks/${fullSlug}/changelog${type !== "all" ? `?type=${type}` : ""}`}>JSON</a>
      </p>
      <nav aria-label="Kinds of event" className="flex flex-wrap gap-2 text-sm" data-testid="changelog-types">
        {TYPES.map((t) =>
          t.type === type ? (
            <span
              key={t.type}
              aria-current="page"
              className="rounded bg-slate-900 px-2 py-0.5 text-white dark:bg-slate-100 dark:text-slate-900"
            >
              {t.label}
            </span>
          ) : (
            <Link
              key={t.type}
              href={href({ type: t.type })}
              className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700"
            >
              {t.label}
            </Link>
          ),
        )}
      </nav>
      <Card>
        {c.events.length ? (
          <ol className="space-y-2 text-sm" data-testid="changelog">
            {runsOf(c.events).map((run) => (
              <Run key={run[0].id} run={run} />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted">{before ? "No older events." : "Nothing has happened here yet."}</p>
        )}
      </Card>
      <nav aria-label="Older and newer events" className="flex gap-4 text-sm">
        {before ? <Link href={href({ type })}>Newest events</Link> : null}
        {c.next ? (
          <Link href={href({ type, before: c.next })} rel="next">
            Older events →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

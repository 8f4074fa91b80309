import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { formatDate } from "@/lib/format";
import { taskChangelog } from "@/lib/server/releases";
import { orNotFound } from "@/lib/server/pages";
import { ChangelogQuery } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";

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

export default async function ChangelogPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const fullSlug = fullSlugOf(await params);
  const before = ChangelogQuery.shape.before.safeParse((await searchParams).before).data;
  const c = await orNotFound(taskChangelog(await getDb(), fullSlug, PAGE, before));
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
        that was public, with who decided (a role) and the reason given.{" "}
        <a href={`/api/v1/tasks/${fullSlug}/changelog?format=atom`}>Atom feed</a> ·{" "}
        <a href={`/api/v1/tasks/${fullSlug}/changelog`}>JSON</a>
      </p>
      <Card>
        {c.events.length ? (
          <ol className="space-y-2 text-sm" data-testid="changelog">
            {c.events.map((e) => (
              <li
                key={e.id}
                id={`event-${e.id}`}
                className="flex flex-wrap gap-x-3 border-t border-slate-100 pt-2 first:border-0 first:pt-0 dark:border-slate-800"
              >
                <time dateTime={e.at} className="w-40 shrink-0 text-muted">
                  {formatDate(e.at)}
                </time>
                <span className="w-36 shrink-0 font-medium">{KIND_LABEL[e.kind] ?? e.kind}</span>
                <span>
                  {e.submission && !e.decidedBy ? (
                    <Link href={`/submissions/${e.submission.id}`}>{e.summary}</Link>
                  ) : (
                    e.summary
                  )}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted">{before ? "No older events." : "Nothing has happened here yet."}</p>
        )}
      </Card>
      <nav aria-label="Older and newer events" className="flex gap-4 text-sm">
        {before ? <Link href={`/tasks/${fullSlug}/changelog`}>Newest events</Link> : null}
        {c.next ? (
          <Link href={`/tasks/${fullSlug}/changelog?before=${c.next}`} rel="next">
            Older events →
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

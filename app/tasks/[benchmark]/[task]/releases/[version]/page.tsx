import { fixed } from "@/lib/format";
import type { Metadata } from "next";
import Link from "next/link";
import { GroupedBars } from "@/components/charts/grouped-bars";
import { Badge } from "@/components/ui/badge";
import { Card, EmptyState } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { formatDate, percent } from "@/lib/format";
import { getSessionActor } from "@/lib/server/auth";
import { releaseOverview } from "@/lib/server/releases";
import { orNotFound } from "@/lib/server/pages";
import { fullSlugOf } from "@/lib/tasks/catalog";
import type { ReleaseStatistic } from "@/lib/tasks/types";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string; version: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { benchmark, task, version } = await params;
  return { title: `Release ${decodeURIComponent(version)} · ${benchmark}/${task}` };
}

export default async function ReleasePage({ params }: { params: Params }) {
  const { benchmark, task, version } = await params;
  const fullSlug = fullSlugOf({ benchmark, task });
  const actor = await getSessionActor();
  const db = await getDb();
  const o = await orNotFound(
    getTaskCached(db, fullSlug).then((t) => releaseOverview(db, t, decodeURIComponent(version), actor)),
  );
  const files = `/api/v1/tasks/${fullSlug}/releases/${encodeURIComponent(o.release.version)}`;
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>{fullSlug}</Link> / <Link href={`/tasks/${fullSlug}/releases`}>releases</Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
        Release {o.release.version}
        <Badge tone={o.release.status === "published" ? "green" : "gray"}>
          {o.release.status === "published" ? "current" : o.release.status}
        </Badge>
        {o.release.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
        {o.release.hidden ? <Badge tone="red">hidden truth</Badge> : null}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="release-summary">
        {o.instances} instances · published {o.release.publishedAt ? formatDate(o.release.publishedAt) : "—"} ·{" "}
        {o.release.notes} {o.release.source ? `(source: ${o.release.source})` : ""}
      </p>
      <p className="text-sm" data-testid="release-downloads">
        For submitters:{" "}
        {o.release.hidden && !actor?.isAdmin ? (
          "this release keeps its ground truth hidden, and its list of instances with it."
        ) : (
          <>
            <a href={`${files}/instances?format=txt`} download>
              instance ids (.txt)
            </a>{" "}
            · <a href={`${files}/instances`}>instance ids (JSON)</a> ·{" "}
            <a href={`${files}/template`} download>
              blank prediction template
            </a>{" "}
            <span className="text-muted">(every instance, the values to fill in left null)</span>
          </>
        )}
      </p>
      {o.statistics ? (
        <Card title={o.statistics.title}>
          <StatisticsTable statistics={o.statistics} />
        </Card>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        {o.distributions.map((d) => (
          <DistributionCard key={d.title} distribution={d} />
        ))}
        <LengthsCard lengths={o.lengths} />
        <Card title="Changes against the previous release">
          <ReleaseChanges changes={o.changes} />
        </Card>
      </div>
    </div>
  );
}

type Overview = Awaited<ReturnType<typeof releaseOverview>>;

/**
 * The task's own statistics of the release: the mean per PR and how many PRs have it — over the
 * whole release, over the subset it declares (CR-Bench-verified), and the paper's values of each set.
 */
function StatisticsTable({ statistics: st }: { statistics: NonNullable<Overview["statistics"]> }) {
  const cell = (r: ReleaseStatistic | undefined) =>
    !r
      ? "—"
      : r.hidden
        ? "hidden test set"
        : r.mean === null
          ? "—"
          : `${fixed(r.mean, 2)} (${r.n.toLocaleString("en-US")})`;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="release-statistics">
        <caption className="sr-only">{st.title}</caption>
        <thead>
          <tr className="text-left text-xs text-muted">
            <th scope="col">statistic</th>
            <th scope="col" className="text-right">
              this release: mean per PR (PRs with it, of {st.prs.toLocaleString("en-US")})
            </th>
            {st.subset ? (
              <th scope="col" className="text-right" data-testid="statistics-subset">
                {st.subset.label}: mean (of {st.subset.prs.toLocaleString("en-US")})
              </th>
            ) : null}
            {st.paper?.map((p) => (
              <th key={p.label} scope="col" className="text-right">
                paper: {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {st.rows.map((r, i) => (
            <tr key={r.key}>
              <th scope="row" className="font-normal">
                {r.label}
                <span className="block text-xs text-muted">{r.description}</span>
              </th>
              <td className="text-right tabular-nums">{cell(r)}</td>
              {st.subset ? <td className="text-right tabular-nums">{cell(st.subset.rows[i])}</td> : null}
              {st.paper?.map((p) => (
                <td key={p.label} className="text-right tabular-nums text-muted">
                  {p.values[r.key] === undefined ? "—" : fixed(p.values[r.key], 2)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One of the release's distributions: a chart of the shares, and a table of counts and shares. */
function DistributionCard({ distribution: d }: { distribution: Overview["distributions"][number] }) {
  return (
    <Card title={d.title}>
      <GroupedBars
        data={d.rows.map((r) => ({ value: r.value, share: r.share }))}
        xKey="value"
        series={[{ key: "share", label: "share of instances" }]}
        percent
        yDomain={[0, 1]}
        height={240}
        testId="chart-distribution"
      />
      <table className="mt-2 w-full text-xs">
        <tbody>
          {d.rows.map((r) => (
            <tr key={r.value}>
              <td>{r.value}</td>
              <td className="text-right tabular-nums">{r.n}</td>
              <td className="text-right tabular-nums">{percent(r.share, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The two length charts: the issues by words, the patches by characters. */
const LENGTH_CHARTS = [
  { key: "words", label: "issues by words" },
  { key: "chars", label: "patches by characters" },
] as const;

/** The issues by words and the patches by characters (when the release carries texts). */
function LengthsCard({ lengths }: { lengths: Overview["lengths"] }) {
  return (
    <Card title="Length distribution">
      {lengths.words || lengths.chars ? (
        <>
          {LENGTH_CHARTS.map(({ key, label }) =>
            lengths[key] ? (
              <GroupedBars
                key={key}
                data={lengths[key]}
                xKey="bin"
                series={[{ key: "n", label }]}
                height={220}
                testId={`chart-${key}`}
              />
            ) : null,
          )}
        </>
      ) : (
        <EmptyState title="No texts in this release">
          It carries no issue texts or patches, so there is no length distribution.
        </EmptyState>
      )}
    </Card>
  );
}

/** What was added, removed and changed against the previous release, with a sample of each. */
function ReleaseChanges({ changes }: { changes: Overview["changes"] }) {
  return changes ? (
    <div className="text-sm" data-testid="release-changes">
      <p>
        Against {changes.against}: +{changes.added} added, −{changes.removed} removed
        {changes.changed === null
          ? " (changed labels of a hidden release are not shown)."
          : `, ${changes.changed} changed.`}
      </p>
      {(["added", "removed", "changed"] as const).map((k) =>
        changes.sample[k].length ? (
          <p key={k} className="mt-1 text-xs text-muted">
            {k}: {changes.sample[k].join(", ")}
            {(changes[k] ?? 0) > changes.sample[k].length ? " …" : ""}
          </p>
        ) : null,
      )}
    </div>
  ) : (
    <p className="text-sm">This is the first release of the task.</p>
  );
}

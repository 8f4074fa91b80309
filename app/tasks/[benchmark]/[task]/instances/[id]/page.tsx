import type { Metadata } from "next";
import Link from "next/link";
import { ShareBar } from "@/components/instances/share-bar";
import { kindViews } from "@/components/tasks";
import { pre } from "@/components/tasks/generic";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { PagePager } from "@/components/ui/pager";
import { getSessionActor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { getTaskInstance, instancePageHref } from "@/lib/server/leaderboard";
import { parseInstancePageQuery, type InstancePageQuery } from "@/lib/validations/instances";
import { orNotFound } from "@/lib/server/pages";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string; id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { benchmark, task, id } = await params;
  return { title: `${decodeURIComponent(id)} · ${benchmark}/${task} instances` };
}

/**
 * One instance: a summary first (the truth in words, the share of public systems right, how the
 * board's top systems did), then the public predictions a page at a time, filterable by outcome
 * and team, each linking to its submission.
 */
export default async function InstancePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { benchmark, task, id } = await params;
  const q = parseInstancePageQuery(await searchParams);
  const fullSlug = fullSlugOf({ benchmark, task });
  const instanceId = decodeURIComponent(id);
  const db = await getDb();
  const inst = await orNotFound(
    getTaskCached(db, fullSlug).then(async (t) =>
      getTaskInstance(db, t, instanceId, { version: q.release, actor: await getSessionActor(), q }),
    ),
  );
  // the instance and its predictions as the task's kind shows them (components/tasks/<kind>)
  const { InstanceView, PredictionView } = kindViews(inst.kind);
  const href = (over: Parameters<typeof instancePageHref>[3]) => instancePageHref(fullSlug, inst.instanceId, q, over);
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>{fullSlug}</Link> /{" "}
        <Link href={`/tasks/${fullSlug}/instances${q.release ? `?release=${encodeURIComponent(q.release)}` : ""}`}>
          instances
        </Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-2 font-mono text-xl font-bold">
        {inst.instanceId}
        <Badge tone={inst.release.synthetic ? "amber" : "green"}>release {inst.release.version}</Badge>
      </h1>
      <InstanceSummary inst={inst} />
      <InstanceRecord inst={inst} InstanceView={InstanceView} />
      <Card title={`Predictions of public submissions (${inst.total})`}>
        <PredictionFilters inst={inst} q={q} base={instancePageHref(fullSlug, inst.instanceId, {})} href={href} />
        <PredictionsTable inst={inst} PredictionView={PredictionView} />
        <div className="mt-2 text-sm">
          <PagePager of={inst} href={(page) => href({ page })} noun="predictions" />
        </div>
      </Card>
    </div>
  );
}

type TaskInstance = Awaited<ReturnType<typeof getTaskInstance>>;
type KindViews = ReturnType<typeof kindViews>;

/** The instance in brief: its truth in words, its facets, the share of public systems right and the board's top. */
function InstanceSummary({ inst }: { inst: TaskInstance }) {
  const s = inst.summary;
  return (
    <Card title="Summary">
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="instance-summary">
        <dt className="text-muted">Truth</dt>
        <dd data-testid="instance-truth-words">
          {inst.release.hidden
            ? "hidden (this release keeps its ground truth on the server)"
            : (inst.truthWords ?? "—")}
        </dd>
        {inst.facets.repo ? (
          <>
            <dt className="text-muted">Repository</dt>
            <dd>{inst.facets.repo}</dd>
          </>
        ) : null}
        {inst.facets.length ? (
          <>
            <dt className="text-muted">Length</dt>
            <dd>{inst.facets.length}</dd>
          </>
        ) : null}
        {s ? (
          <>
            <dt className="text-muted">Public systems right</dt>
            <dd data-testid="instance-share">
              <ShareBar right={s.right} covered={s.covered} />
            </dd>
            <dt className="text-muted">Top {s.top.length} on the board</dt>
            <dd>
              <TopOnBoard top={s.top} />
            </dd>
          </>
        ) : null}
      </dl>
    </Card>
  );
}

/** How the board's top systems did on the instance: ✓ right, ✗ wrong, · not predicted. */
function TopOnBoard({ top }: { top: NonNullable<TaskInstance["summary"]>["top"] }) {
  return (
    <ol className="flex flex-wrap gap-x-3 gap-y-1" data-testid="instance-top">
      {top.map((t) => (
        <li key={t.submissionId}>
          <span
            className={
              t.outcome === null
                ? "text-muted"
                : t.outcome
                  ? "text-emerald-700 dark:text-emerald-400"
                  : "text-rose-700 dark:text-rose-400"
            }
          >
            {t.outcome === null ? "·" : t.outcome ? "✓" : "✗"}
          </span>{" "}
          <Link href={`/submissions/${t.submissionId}`}>
            #{t.rank} {t.model}
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** The instance as its kind shows it, its short metadata, and the stored truth (unless hidden). */
function InstanceRecord({ inst, InstanceView }: { inst: TaskInstance; InstanceView: KindViews["InstanceView"] }) {
  const { metadata } = inst;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Instance">
        <InstanceView metadata={metadata} />
        <dl className="mt-2 grid grid-cols-2 gap-1 text-xs">
          {Object.entries(metadata)
            .filter(([, v]) => typeof v === "number" || (typeof v === "string" && v.length < 80))
            .map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-muted">{k}</dt>
                <dd>{String(v)}</dd>
              </div>
            ))}
        </dl>
      </Card>
      {inst.truth ? (
        <Card title="Ground truth as stored">
          <details>
            <summary className="cursor-pointer text-sm">the truth record (JSON)</summary>
            <pre className={pre} data-testid="instance-truth">
              {JSON.stringify(inst.truth, null, 2)}
            </pre>
          </details>
        </Card>
      ) : null}
    </div>
  );
}

/** The predictions' filters: right or wrong (unless the truth is hidden), and the team. */
function PredictionFilters({
  inst,
  q,
  base,
  href,
}: {
  inst: TaskInstance;
  q: InstancePageQuery;
  /** the page without a query: the team form's action */
  base: string;
  href: (over: Parameters<typeof instancePageHref>[3]) => string;
}) {
  return (
    <nav className="mb-3 flex flex-wrap items-center gap-3 text-sm" aria-label="Filter predictions">
      {inst.release.hidden ? null : (
        <span className="flex gap-2">
          {(
            [
              [undefined, "all"],
              ["right", "right"],
              ["wrong", "wrong"],
            ] as const
          ).map(([v, label]) => (
            <Link
              key={label}
              href={href({ outcome: v, page: undefined })}
              aria-current={q.outcome === v ? "page" : undefined}
              className={q.outcome === v ? "font-semibold underline" : ""}
            >
              {label}
            </Link>
          ))}
        </span>
      )}
      {inst.teams.length > 1 ? (
        <form method="get" action={base} className="flex items-center gap-2">
          {q.release ? <input type="hidden" name="release" value={q.release} /> : null}
          {q.outcome ? <input type="hidden" name="outcome" value={q.outcome} /> : null}
          <label className="flex items-center gap-1">
            <span className="text-muted">Team</span>
            <select
              name="team"
              defaultValue={q.team ?? ""}
              className="rounded border border-slate-300 px-2 py-1 dark:border-slate-700 dark:bg-slate-900"
            >
              <option value="">any</option>
              {inst.teams.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.value} ({t.n})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded border border-slate-300 px-2 py-1 dark:border-slate-700">
            Apply
          </button>
        </form>
      ) : null}
    </nav>
  );
}

/** A page of the public predictions, in board order, each as the task's kind shows it. */
function PredictionsTable({
  inst,
  PredictionView,
}: {
  inst: TaskInstance;
  PredictionView: KindViews["PredictionView"];
}) {
  const wholePrediction = (submissionId: string) =>
    `/submissions/${submissionId}/predictions/${encodeURIComponent(inst.instanceId)}`;
  return (
    <DataTable
      rows={inst.predictions}
      rowKey={(p) => p.submissionId}
      caption="Predictions of public submissions for this instance, in board order"
      testId="instance-predictions"
      columns={[
        {
          key: "submission",
          header: "submission",
          rowHeader: true,
          cell: (p) => (
            <>
              <Link href={`/submissions/${p.submissionId}`}>
                {p.rank ? `#${p.rank} ` : ""}
                {p.model}
              </Link>
              {p.team ? <div className="text-xs text-muted">{p.team}</div> : null}
            </>
          ),
        },
        {
          key: "prediction",
          header: "prediction",
          cell: (p) =>
            p.outcome?.predicted ?? <code className="text-xs">{JSON.stringify(p.prediction).slice(0, 120)}</code>,
        },
        {
          key: "outcome",
          header: "outcome",
          cell: (p) =>
            p.outcome ? (
              <Badge tone={p.outcome.correct ? "green" : "red"}>{p.outcome.outcome.replace(/_/g, " ")}</Badge>
            ) : (
              "—"
            ),
        },
        {
          key: "trace",
          header: "trace / explanation",
          className: "max-w-xl text-xs text-slate-600 dark:text-slate-400",
          cell: (p) => (
            <>
              <PredictionView
                prediction={p.prediction}
                truth={inst.truth}
                whole={{ href: wholePrediction(p.submissionId) }}
              />
              {p.clipped.length ? (
                <a className="mt-1 block" href={wholePrediction(p.submissionId)}>
                  first 10 KB shown: the whole prediction
                </a>
              ) : null}
            </>
          ),
        },
      ]}
    />
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ScoreDetails } from "@/components/submission/score-details";
import { SubmissionCharts } from "@/components/submission/submission-charts";
import { UploadStatus } from "@/components/submission/upload-status";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { DataTable } from "@/components/ui/data-table";
import { Card, ChartSkeleton } from "@/components/ui/card";
import { InfoIcon } from "@/components/ui/info-icon";
import { Tooltip } from "@/components/ui/tooltip";
import { getDb } from "@/lib/server/db";
import { submissionOg, versionTag } from "@/lib/server/previews";
import { AppError } from "@/lib/errors";
import { formatBytes, formatDate, formatMetric } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import type { Metrics } from "@/lib/tasks/types";
import { getSessionActor } from "@/lib/server/auth";
import { discloseScore, getSubmissionOrThrow, listSubmissionInstances, scoreOnRelease } from "@/lib/server/submissions";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { fixed } from "@/lib/format";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  try {
    // previews are for what anyone may see: a private submission gets none
    const og = await submissionOg(await getDb(), id, null);
    const description = `${og.card.kicker}. ${og.card.sub}. ${og.card.items.map((m) => `${m.label} ${m.value}`).join(", ")}`;
    const image = { url: `/og/submissions/${id}?v=${versionTag(og.version)}`, width: 1200, height: 630, alt: `${og.card.title}: metrics` };
    return {
      title: `${og.card.title} · ${og.card.kicker}`,
      description,
      openGraph: { title: og.card.title, description, images: [image], url: `/submissions/${id}` },
      twitter: { card: "summary_large_image", title: og.card.title, description, images: [image.url] },
    };
  } catch {
    return { title: "Submission" };
  }
}

const PAGE_SIZE = 50;

export default async function SubmissionPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { id } = await params;
  const sp = await searchParams;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const db = await getDb();
  const actor = await getSessionActor();
  let sub;
  try {
    sub = await getSubmissionOrThrow(db, id, actor);
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  }
  const task = await getTaskOrThrow(db, sub.task.fullSlug);
  const score = scoreOnRelease(sub.scores, sp.release);
  const columns = task.kind.columns(task.options);
  // a hidden release shows what the Ladder released, to everyone but admins
  const view = score ? discloseScore(score, score.release, actor) : null;
  const metrics = (view?.metrics ?? {}) as Metrics;
  const outcome = sp.outcome && task.kind.outcomeFilters.some((f) => f.key === sp.outcome) ? sp.outcome : undefined;
  const page = Math.max(1, Number(sp.page) || 1);
  const hidden = score?.release.hidden ?? false;
  const instances = score && !hidden ? await listSubmissionInstances(db, sub, { page, pageSize: PAGE_SIZE, outcome, release: score.release.version }) : null;
  const qs = (over: Record<string, string | undefined>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ release: sp.release, outcome, ...over })) if (v) p.set(k, v);
    const s = p.toString();
    return `/submissions/${id}${s ? `?${s}` : ""}`;
  };
  const validation = sub.validation as { format?: string; warnings?: string[] };

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm text-muted">
          <Link href={`/tasks/${sub.task.fullSlug}`}>
            {sub.task.benchmark.name} · {sub.task.name}
          </Link>
        </p>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
          {sub.model}
          {sub.visibility === "private" ? <Badge tone="red">private</Badge> : null}
          {score?.partial ? <Badge tone="amber">partial</Badge> : null}
          {sub.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
          {sub.baseline ? <Badge tone="blue">baseline</Badge> : null}
          {sub.verifiedAt ? (
            <Badge tone="green" title={`verified by ${sub.verifiedBy} on ${formatDate(sub.verifiedAt)}`}>
              <span data-testid="verified">✓ verified</span>
            </Badge>
          ) : null}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {sub.team ? <Link href={`/teams/${sub.team.slug}`}>{sub.team.name}</Link> : "—"}
          {sub.system ? ` · ${sub.system}` : ""} · submitted {formatDate(sub.createdAt)}
          {sub.fileName ? ` · ${sub.fileName}${sub.fileSize ? ` (${formatBytes(sub.fileSize)})` : ""}` : ""}
          {validation.format ? ` · ${validation.format} format` : ""}
          {sub.site ? (
            <>
              {" · "}
              <a href={sub.site} rel="noopener noreferrer">
                site
              </a>
            </>
          ) : null}
          {sub.logsUrl ? (
            <>
              {" · "}
              <a href={sub.logsUrl} rel="noopener noreferrer nofollow" data-testid="logs-link">
                logs and trajectories
              </a>
            </>
          ) : null}
          {sub.verifiedAt ? ` · verified by ${sub.verifiedBy} on ${formatDate(sub.verifiedAt)}` : ""}
        </p>
        {sub.hiddenAt ? (
          <p role="note" className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="hidden-reason">
            Hidden from public views by the maintainers on {formatDate(sub.hiddenAt)}: {sub.hiddenReason}. Only your team and the admins see it.
          </p>
        ) : null}
        {actor?.isAdmin || (sub.teamId && actor?.roles[sub.teamId] === "owner") ? (
          <div className="mt-2 flex flex-wrap gap-2" data-testid="moderation">
            <ActionButton method="PATCH" url={`/api/v1/submissions/${sub.id}`} body={{ visibility: sub.visibility === "public" ? "private" : "public" }} label={sub.visibility === "public" ? "Make private" : "Make public"} />
            {actor?.isAdmin ? (
              <>
                <ActionButton method="POST" url={`/api/v1/admin/submissions/${sub.id}/verify`} body={{ verified: !sub.verifiedAt }} label={sub.verifiedAt ? "Withdraw verification" : "Mark verified"} testId="verify" />
                {sub.hiddenAt ? (
                  <ActionButton method="POST" url={`/api/v1/admin/submissions/${sub.id}/hide`} body={{ reason: null }} label="Show again" />
                ) : (
                  <ActionButton method="POST" url={`/api/v1/admin/submissions/${sub.id}/hide`} prompt="Why is it hidden? (its team sees this)" promptKey="reason" label="Hide…" />
                )}
                <ActionButton method="DELETE" url={`/api/v1/admin/submissions/${sub.id}`} label="Delete" confirm={`Delete ${sub.model} with its predictions and scores? This cannot be undone.`} onDone={`/tasks/${sub.task.fullSlug}`} />
              </>
            ) : null}
          </div>
        ) : null}
        {score ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Scored on release {score.release.version} ({score.covered}/{score.total} instances) with metrics v{score.metricsVersion}.
            {sub.scores.length > 1 ? (
              <>
                {" "}
                Other releases:{" "}
                {sub.scores
                  .filter((s) => s.id !== score.id)
                  .map((s) => (
                    <Link key={s.id} href={`/submissions/${id}?release=${s.release.version}`} className="mr-2">
                      {s.release.version}
                    </Link>
                  ))}
              </>
            ) : null}
          </p>
        ) : null}
      </div>

      {view?.ladder ? (
        <Card title="Hidden test set">
          <p className="text-sm" data-testid="ladder">
            {view.withheld
              ? `Not a significant improvement over this team's best released submission: nothing new is shown (the Ladder).`
              : view.ladder.released
                ? `Released by the Ladder: the metrics carry random noise and are rounded to ±${view.ladder.margin} (the margin of a 95% paired bootstrap on the hidden instances) on a grid shifted by a secret offset for each team: each is usually within one margin of its true value (84%), within two 98% of the time, never more than 3½ margins off.`
                : "Not released by the Ladder: admins see the exact metrics below."}{" "}
            <Link href={`/tasks/${sub.task.fullSlug}#ladder`}>How hidden test sets are scored</Link>
          </p>
        </Card>
      ) : null}

      {score ? (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="metric-cards">
            {columns.map((c) => (
              <div key={c.key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                <div className="flex items-center gap-1 text-xs text-muted">
                  {c.label}
                  <Tooltip text={c.description}>
                    <InfoIcon />
                  </Tooltip>
                </div>
                <div className="text-xl font-semibold tabular-nums">{formatMetric(getMetric(metrics, c.key), c.format)}</div>
                {c.key === score.primaryMetric && view?.ci ? (
                  <div className="text-xs text-muted">
                    95% CI {fixed(view.ci.low, 3)}–{fixed(view.ci.high, 3)}
                  </div>
                ) : c.key === score.primaryMetric && view?.ladder?.released && view.ladder.margin !== null ? (
                  <div className="text-xs text-muted">noisy, rounded to ±{view.ladder.margin}</div>
                ) : null}
              </div>
            ))}
          </div>
          {view?.details ? (
            <>
              <Suspense fallback={<ChartSkeleton />}>
                <SubmissionCharts task={task} sub={sub} score={score} />
              </Suspense>
              <div className="grid gap-6 lg:grid-cols-2">
                <ScoreDetails task={task} details={score.details} metrics={metrics as Metrics} />
              </div>
            </>
          ) : null}
        </>
      ) : sub.status !== "scored" ? (
        <UploadStatus id={sub.id} primaryMetric={sub.task.primaryMetric} refreshWhenDone />
      ) : (
        <Card>Not scored yet.</Card>
      )}

      {validation.warnings?.length ? (
        <Card title="Validation warnings">
          <ul className="list-disc pl-5 text-sm">
            {validation.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card title="Predictions vs truth">
        {hidden ? (
          <p className="text-sm">This release keeps its ground truth hidden: only aggregate scores are shown.</p>
        ) : instances ? (
          <>
            <nav className="mb-3 flex flex-wrap gap-2 text-sm" aria-label="Filter instances">
              <Link href={qs({ outcome: undefined })} className={!outcome ? "font-semibold" : ""} aria-current={!outcome ? "page" : undefined}>
                All
              </Link>
              {task.kind.outcomeFilters.map((f) => (
                <Link key={f.key} href={qs({ outcome: f.key })} className={outcome === f.key ? "font-semibold" : ""} aria-current={outcome === f.key ? "page" : undefined}>
                  {f.label}
                </Link>
              ))}
              <span className="ml-auto text-muted" data-testid="instance-total">
                {instances.total} instances
              </span>
            </nav>
            <DataTable
              rows={instances.rows}
              rowKey={(r) => r.instanceId}
              caption="Predictions of this submission, per instance"
              testId="instances"
              size="sm"
              columns={[
                { key: "instance", header: "instance", rowHeader: true, className: "font-mono text-xs", sort: (r) => r.instanceId, cell: (r) => r.instanceId },
                {
                  key: "truth",
                  header: "truth",
                  sort: (r) => r.outcome?.expected,
                  cell: (r) => {
                    const t = r.truth as { label?: number } | null;
                    return (
                      <>
                        {r.outcome?.expected}
                        {typeof t?.label === "number" ? <span className="text-xs text-muted"> (label {t.label})</span> : null}
                      </>
                    );
                  },
                },
                {
                  key: "prediction",
                  header: "prediction",
                  sort: (r) => r.outcome?.predicted,
                  cell: (r) => {
                    const p = r.prediction as { label?: string };
                    return (
                      <>
                        {r.outcome?.predicted}
                        {p.label ? <span className="block text-xs text-muted">{p.label}</span> : null}
                      </>
                    );
                  },
                },
                { key: "outcome", header: "outcome", sort: (r) => r.outcome?.outcome, cell: (r) => <Badge tone={r.outcome?.correct ? "green" : "red"}>{r.outcome?.outcome.replace(/_/g, " ")}</Badge> },
                {
                  key: "explanation",
                  header: "explanation",
                  className: "max-w-xl text-xs text-slate-600 dark:text-slate-400",
                  cell: (r) => {
                    const p = r.prediction as { trace?: unknown };
                    // a task whose truth is a reference patch (CI-Bench) shows it beside the tool's
                    return typeof (r.truth as { developer_patch?: unknown } | null)?.developer_patch === "string" ? (
                      <details>
                        <summary className="cursor-pointer">developer vs tool patch</summary>
                        <div className="mt-1 grid grid-cols-2 gap-2" data-testid="diff-side-by-side">
                          <pre className="overflow-x-auto rounded bg-slate-50 p-1 dark:bg-slate-900">{String((r.truth as { developer_patch?: string } | null)?.developer_patch ?? "")}</pre>
                          <pre className="overflow-x-auto rounded bg-slate-50 p-1 dark:bg-slate-900">{String((r.prediction as { patch?: string | null }).patch ?? "(no patch)")}</pre>
                        </div>
                      </details>
                    ) : typeof p.trace === "string" ? (
                      p.trace.length > 280 ? (
                        <>
                          {p.trace.slice(0, 280)}… <a href={`/api/v1/submissions/${id}/predictions/${encodeURIComponent(r.instanceId)}`}>whole trace</a>
                        </>
                      ) : (
                        p.trace
                      )
                    ) : p.trace ? (
                      "(structured trace)"
                    ) : (
                      ""
                    );
                  },
                },
              ]}
            />
            <div className="mt-3 flex items-center gap-3 text-sm">
              {page > 1 ? <Link href={qs({ page: String(page - 1) })}>← Previous</Link> : null}
              <span className="text-muted">
                page {page} of {Math.max(1, Math.ceil(instances.total / PAGE_SIZE))}
              </span>
              {page * PAGE_SIZE < instances.total ? <Link href={qs({ page: String(page + 1) })}>Next →</Link> : null}
            </div>
          </>
        ) : null}
      </Card>
    </div>
  );
}

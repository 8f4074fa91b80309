import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AttemptsSeries } from "@/components/submission/attempts-series";
import { BadgeCard } from "@/components/submission/badge-card";
import { BreakdownCard } from "@/components/submission/breakdown-card";
import { InstancesCard } from "@/components/submission/instances-card";
import { ScoreDetails } from "@/components/submission/score-details";
import { LadderNote, MetricCards, ValidationWarnings } from "@/components/submission/score-summary";
import { SubmissionCharts } from "@/components/submission/submission-charts";
import { SubmissionHeader } from "@/components/submission/submission-header";
import { UploadStatus } from "@/components/submission/upload-status";
import { Card } from "@/components/ui/card";
import { getSessionActor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { orNotFound } from "@/lib/server/pages";
import { scoreBreakdown, standingOf, submissionChartData, teamAttemptSeries } from "@/lib/server/leaderboard";
import { StandingCard } from "@/components/submission/standing-card";
import { submissionOg, versionTag } from "@/lib/server/previews";
import { canView, submissionPageInstances, submissionPageView } from "@/lib/server/submissions";
import { submissionAuditView } from "@/lib/server/integrity";
import { AuditCard } from "@/components/submission/audit-card";
import { previewMetadata } from "@/components/og/preview-metadata";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  try {
    // previews are for what anyone may see: a private submission gets none
    const og = await submissionOg(await getDb(), id, null);
    return previewMetadata({
      title: `${og.card.title} · ${og.card.kicker}`,
      ogTitle: og.card.title,
      description: `${og.card.kicker}. ${og.card.sub}. ${og.card.items.map((m) => `${m.label} ${m.value}`).join(", ")}`,
      image: `/og/submissions/${id}?v=${versionTag(og.version)}`,
      alt: `${og.card.title}: metrics`,
      url: `/submissions/${id}`,
    });
  } catch {
    return { title: "Submission" };
  }
}

/**
 * A submission: its header, the Ladder's note on a hidden release, its metrics, charts and score
 * details, and its predictions per instance. One view model (lib/server/submissions/page-view.ts);
 * the whole page is rendered before it is sent (no Suspense boundary: a reader without JavaScript
 * gets all of it, as React serialised it).
 */
export default async function SubmissionPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const sp = await searchParams;
  const db = await getDb();
  const actor = await getSessionActor();
  const v = await orNotFound(
    submissionPageView(db, id, actor, { release: sp.release, outcome: sp.outcome, page: sp.page }),
  );
  const charts = v.score && v.disclosed?.details ? submissionChartData(db, v.task, v.sub, v.score) : null;
  // per-slice metrics, stored with the score (never on a hidden release)
  const breakdown =
    v.score && !v.hidden
      ? (() => {
          try {
            return scoreBreakdown(
              v.sub.id,
              v.task.primaryMetric,
              v.score,
              typeof sp.by === "string" && /^[a-z_]{1,40}$/.test(sp.by) ? sp.by : undefined,
            );
          } catch {
            return null; // not computed yet, or an attribute the release does not offer
          }
        })()
      : null;
  // the team's public attempts on this release, from the board (cached)
  const series =
    v.score && v.sub.team && !v.sub.baseline
      ? await teamAttemptSeries(db, v.task, {
          release: v.score.release.version,
          teamSlug: v.sub.team.slug,
          current: v.sub.id,
        }).catch(() => null)
      : null;
  // the integrity audit: its team and admins only
  const audit = await submissionAuditView(db, v.sub, actor, canView).catch(() => undefined);
  // where it stands on its board (public releases; the Ladder speaks for hidden ones)
  const standing = v.score && !v.hidden ? await standingOf(db, v.sub.id, v.score.release.id).catch(() => null) : null;
  return (
    <div className="space-y-6">
      <SubmissionHeader v={v} />
      <LadderNote v={v} />
      {audit ? <AuditCard audit={audit} /> : null}
      {v.score ? (
        <>
          <MetricCards v={v} />
          {standing ? <StandingCard standing={standing} v={v} /> : null}
          {charts ? (
            <>
              <div className="below-fold">
                <SubmissionCharts v={v} data={charts} />
              </div>
              <div className="below-fold grid gap-6 lg:grid-cols-2">
                <ScoreDetails task={v.task} details={v.score.details} metrics={v.metrics} />
                {breakdown ? (
                  <BreakdownCard
                    b={breakdown}
                    column={v.columns.find((c) => c.key === v.task.primaryMetric)}
                    href={(by) => `${v.href({})}${v.href({}).includes("?") ? "&" : "?"}by=${by}`}
                  />
                ) : null}
              </div>
            </>
          ) : null}
        </>
      ) : v.sub.status !== "scored" ? (
        <UploadStatus
          id={v.sub.id}
          primaryMetric={v.sub.task.primaryMetric}
          refreshWhenDone
          initial={
            v.sub.status === "judging" && v.judged
              ? { status: "judging", error: null, metrics: {}, validation: {}, job: null, judge: v.judged }
              : undefined
          }
        />
      ) : (
        <Card>Not scored yet.</Card>
      )}
      <ValidationWarnings warnings={v.validation.warnings} />
      {v.score && v.sub.team && series ? (
        <AttemptsSeries
          points={series.points}
          total={series.total}
          current={v.sub.id}
          team={v.sub.team.name}
          column={v.columns.find((c) => c.key === v.task.primaryMetric)}
        />
      ) : null}
      {v.score ? <BadgeCard v={v} /> : null}
      {/* below the first screen (charts, details, the 50 instance rows: most of the page's
          elements) — laid out when scrolled near, not with the page (app/globals.css) */}
      <div className="below-fold">
        <InstancesCard v={v} instances={submissionPageInstances(db, v)} />
      </div>
    </div>
  );
}

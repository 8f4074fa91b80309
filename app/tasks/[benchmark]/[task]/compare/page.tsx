import type { Metadata } from "next";
import { metricLabel } from "@/lib/tasks/metric-label";
import Link from "next/link";
import {
  CompareDisagreements,
  CompareHidden,
  CompareMetrics,
  CompareSignificance,
} from "@/components/compare/compare-sections";
import { BeatsMatrix, ComparePicker } from "@/components/compare/compare-pickers";
import { Badge } from "@/components/ui/badge";
import { previewMetadata } from "@/components/og/preview-metadata";
import { type TaskPageProps } from "@/components/task/task-page";
import { EmptyState } from "@/components/ui/card";
import { getSessionActor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { orNotFound } from "@/lib/server/pages";
import { beatsMatrix, compareCandidates } from "@/lib/server/leaderboard";
import { compareOg, versionTag } from "@/lib/server/previews";
import { comparePageView, compareQuery } from "@/lib/server/submissions";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params, searchParams }: TaskPageProps): Promise<Metadata> {
  const { benchmark, task } = await params;
  const { ids, release } = compareQuery(await searchParams);
  try {
    const db = await getDb();
    const og = await compareOg(db, await getTaskCached(db, fullSlugOf({ benchmark, task })), ids, null, release);
    return previewMetadata({
      title: `${og.card.title} · compare`,
      ogTitle: og.card.title,
      description: `${og.card.kicker}, ${og.card.sub}: ${og.card.items.map((m) => `${m.label} ${m.value}`).join(", ")}`,
      image: `/og/tasks/${benchmark}/${task}/compare?${new URLSearchParams({ ids: ids.join(","), ...(release ? { release } : {}), v: versionTag(og.version) })}`,
      alt: og.card.title,
    });
  } catch {
    return { title: "Compare submissions" };
  }
}

/** Two to four submissions side by side: metrics, paired tests, and where they disagree. */
export default async function ComparePage({ params, searchParams }: TaskPageProps) {
  const fullSlug = fullSlugOf(await params);
  const sp = await searchParams;
  const db = await getDb();
  const task = await orNotFound(getTaskCached(db, fullSlug));
  const v = await orNotFound(comparePageView(db, task, sp, await getSessionActor()));
  const { ids, release } = compareQuery(sp);
  const find = (Array.isArray(sp.find) ? sp.find[0] : sp.find)?.slice(0, 100);
  const [candidates, matrix] = await Promise.all([
    compareCandidates(db, task, { ids, release, find }).catch(() => null),
    beatsMatrix(db, task, release, ids).catch(() => null),
  ]);
  const c = v.compare;
  const picker = candidates ? (
    <ComparePicker
      c={candidates}
      action={`/tasks/${fullSlug}/compare`}
      ids={ids}
      release={release}
      picked={c ? c.submissions.map((s) => ({ submissionId: s.id, model: s.model })) : []}
    />
  ) : null;
  const beats = matrix ? (
    <BeatsMatrix m={matrix} fullSlug={fullSlug} metricLabel={metricLabel(fullSlug, matrix.primaryMetric)} />
  ) : null;
  if (!c) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold">Compare submissions</h1>
        <EmptyState title={v.problem}>
          Find systems below, or select 2–4 rows on the <Link href={`/tasks/${fullSlug}`}>leaderboard</Link> and press
          “Compare selected”.
        </EmptyState>
        {picker}
        {beats}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>{fullSlug}</Link> / compare
      </p>
      <h1 className="text-2xl font-bold">
        Compare {c.submissions.length} submissions{" "}
        <Badge tone={c.release.synthetic ? "amber" : "green"}>release {c.release.version}</Badge>
      </h1>
      {picker}
      <CompareMetrics c={c} fullSlug={fullSlug} />
      {c.disagreementCount === null ? (
        <CompareHidden fullSlug={fullSlug} />
      ) : (
        <>
          <CompareSignificance c={c} fullSlug={fullSlug} />
          <CompareDisagreements c={c} fullSlug={fullSlug} />
        </>
      )}
      {beats}
    </div>
  );
}

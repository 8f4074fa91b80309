import type { Standing } from "@/lib/contracts/submissions";
import type { SubmissionPageView } from "@/lib/server/submissions";
import { StandingSummary } from "./standing-summary";

/** The submission page's "where it stands": rank and intervals, baselines, its place among its system's runs. */
export function StandingCard({ standing, v }: { standing: Standing; v: SubmissionPageView }) {
  const column = v.columns.find((c) => c.key === v.task.primaryMetric);
  if (!column) return null;
  const board = `/tasks/${v.sub.task.fullSlug}${v.score && v.score.release.status !== "published" ? `?release=${encodeURIComponent(v.score.release.version)}` : ""}`;
  return (
    <section
      aria-label="Where it stands"
      className="mt-3 rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-800"
      data-testid="standing-card"
    >
      <h2 className="mb-1 font-semibold">Where it stands on release {v.score?.release.version}</h2>
      <StandingSummary standing={standing} column={column} boardHref={board} />
    </section>
  );
}

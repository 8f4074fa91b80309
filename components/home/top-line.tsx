import Link from "next/link";
import { formatInt, formatMetric } from "@/lib/format";
import { metricColumnOf, metricLabel } from "@/lib/tasks/metric-label";

export interface TopLineTask {
  slug: string;
  primaryMetric: string;
  leader: { model: string; submissionId: string; primary: number | null } | null;
  topGroup: { size: number; of: number } | null;
}

/**
 * A task's top on the home page, as its board tells it: the one system ahead of all others beyond
 * chance ("Leader"), or the group that could be #1 — named as a group, with its highest score.
 */
export function TopLine({ task: t }: { task: TopLineTask }) {
  if (!t.leader) return null;
  const score = `${metricLabel(t.slug, t.primaryMetric)} ${formatMetric(t.leader.primary, metricColumnOf(t.slug, t.primaryMetric)?.format ?? "score3")}`;
  const lead = <Link href={`/submissions/${t.leader.submissionId}`}>{t.leader.model}</Link>;
  const size = t.topGroup?.size ?? 1;
  return (
    <span className="w-full text-xs text-slate-600 dark:text-slate-400" data-testid="top-line">
      {size > 1 ? (
        <>
          Top group:{" "}
          <Link href={`/tasks/${t.slug}#ranking`}>
            {formatInt(size)} of {formatInt(t.topGroup!.of)} systems
          </Link>{" "}
          could be #1 (highest {score}: {lead})
        </>
      ) : (
        <>
          Leader: {lead} ({score})
        </>
      )}
    </span>
  );
}

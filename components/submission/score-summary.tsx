import Link from "next/link";
import { Card } from "@/components/ui/card";
import { InfoIcon } from "@/components/ui/info-icon";
import { Tooltip } from "@/components/ui/tooltip";
import { ciText, formatMetric } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";
import type { SubmissionPageView } from "@/lib/server/submissions";

/** On a hidden release: what the Ladder released and what that means. */
export function LadderNote({ v }: { v: SubmissionPageView }) {
  const d = v.disclosed;
  if (!d?.ladder) return null;
  return (
    <Card title="Hidden test set">
      <p className="text-sm" data-testid="ladder">
        {d.withheld
          ? `Not a significant improvement over this team's best released submission: nothing new is shown (the Ladder).`
          : d.ladder.released
            ? `Released by the Ladder: the metrics carry random noise and are rounded to ±${d.ladder.margin} (the margin of a 95% paired bootstrap on the hidden instances) on a grid shifted by a secret offset for each team: each is usually within one margin of its true value (84%), within two 98% of the time, never more than 3½ margins off.`
            : "Not released by the Ladder: admins see the exact metrics below."}{" "}
        <Link href={`/tasks/${v.sub.task.fullSlug}#ladder`}>How hidden test sets are scored</Link>
      </p>
    </Card>
  );
}

/** One card per metric of the task, the primary one with its interval (or the Ladder's margin). */
export function MetricCards({ v }: { v: SubmissionPageView }) {
  const { score, disclosed: d } = v;
  if (!score) return null;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="metric-cards">
      {v.columns.map((c) => (
        <div key={c.key} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
          <div className="flex items-center gap-1 text-xs text-muted">
            {c.label}
            <Tooltip text={c.description}>
              <InfoIcon />
            </Tooltip>
          </div>
          <div className="text-xl font-semibold tabular-nums">
            {formatMetric(getMetric(v.metrics, c.key), c.format)}
          </div>
          {c.key === score.primaryMetric && d?.ci ? (
            <div className="text-xs text-muted" data-testid="primary-ci">
              {ciText(d.ci, c.format)}
            </div>
          ) : c.key === score.primaryMetric && d?.ladder?.released && d.ladder.margin !== null ? (
            <div className="text-xs text-muted">noisy, rounded to ±{d.ladder.margin}</div>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** What the validator noticed but did not refuse. */
export function ValidationWarnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null;
  return (
    <Card title="Validation warnings">
      <ul className="list-disc pl-5 text-sm">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </Card>
  );
}

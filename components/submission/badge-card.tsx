import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { publicUrl } from "@/lib/server/http";
import type { SubmissionPageView } from "@/lib/server/submissions";

/**
 * The submission's README badge (its primary metric and rank interval, updated with the board)
 * and the Markdown to paste — for public submissions only: a private one has no public badge.
 */
export function BadgeCard({ v }: { v: SubmissionPageView }) {
  const { sub } = v;
  if (sub.visibility !== "public" || sub.hiddenAt || sub.baseline) return null;
  const path = `/badges/tasks/${sub.task.fullSlug}/submissions/${sub.id}.svg`;
  const origin = publicUrl();
  const markdown = `[![${sub.task.benchmark.name} ${sub.task.name}: ${sub.model}](${origin}${path})](${origin}/submissions/${sub.id})`;
  return (
    <Card title="Badge for your README">
      <div className="flex flex-wrap items-center gap-3" data-testid="badge-card">
        {/* eslint-disable-next-line @next/next/no-img-element -- an SVG of our own, sized by itself */}
        <img src={path} alt={`${sub.task.benchmark.name} ${sub.task.name} badge`} height={20} />
        <CopyButton text={markdown} label="Copy Markdown" testId="copy-badge" />
      </div>
      <label className="mt-2 block text-xs text-muted">
        Markdown (the badge follows the board: a new score or rank shows without editing)
        <textarea
          readOnly
          rows={2}
          value={markdown}
          data-testid="badge-markdown"
          className="mt-1 block w-full rounded border border-slate-300 bg-slate-50 p-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
    </Card>
  );
}

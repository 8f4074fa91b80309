/** A titled box. Content wider than the screen (a table) scrolls inside it, never the page. */
export function Card({
  title,
  children,
  className = "",
}: {
  title?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`min-w-0 rounded-lg border border-slate-200 p-4 break-inside-avoid dark:border-slate-800 ${className}`}
    >
      {title ? <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted">{title}</h2> : null}
      <div className="overflow-x-auto">{children}</div>
    </section>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{children}</div> : null}
    </div>
  );
}

/** Placeholder while a chart's data loads. */
export function ChartSkeleton({ height = 280 }: { height?: number }) {
  return (
    <div
      className="animate-pulse rounded-lg bg-slate-100 dark:bg-slate-900"
      style={{ height }}
      aria-busy="true"
      aria-label="Loading chart"
    />
  );
}

/** In place of a chart that would reveal per-instance truth of a hidden release. */
export function HiddenTruthNote() {
  return (
    <EmptyState title="Hidden ground truth">
      This chart would reveal per-instance truth; only aggregate scores are shown.
    </EmptyState>
  );
}

/** Skeleton of a page while its server data loads. */
export function PageSkeleton() {
  return (
    <div className="animate-pulse space-y-4" aria-busy="true" aria-label="Loading">
      <div className="h-4 w-48 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-8 w-96 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-64 rounded bg-slate-100 dark:bg-slate-900" />
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="h-64 rounded bg-slate-100 dark:bg-slate-900" />
        <div className="h-64 rounded bg-slate-100 dark:bg-slate-900" />
      </div>
    </div>
  );
}

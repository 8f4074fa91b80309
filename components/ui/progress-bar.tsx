/**
 * The one progress bar: a fraction (0..1) of something named by `label`; a failed run shows in
 * red. An unknown fraction (null) shows a thin sliver, as work that has started.
 */
export function ProgressBar({
  fraction,
  label,
  failed = false,
}: {
  fraction: number | null;
  label: string;
  failed?: boolean;
}) {
  const pct = fraction === null ? 0 : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
      role="progressbar"
      aria-label={label}
      aria-valuenow={pct}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div
        className={`h-full ${failed ? "bg-rose-600" : "bg-sky-600"} transition-all`}
        style={{ width: `${Math.max(3, pct)}%` }}
      />
    </div>
  );
}

import { percent } from "@/lib/format";

/** The share of systems right on an instance: a small bar and the count behind it. */
export function ShareBar({ right, covered }: { right: number; covered: number }) {
  if (!covered) return <span className="text-muted">no system</span>;
  const share = right / covered;
  return (
    <span className="inline-flex items-center gap-2" title={`${right} of ${covered} systems right`}>
      <span
        className="relative inline-block h-2 w-16 overflow-hidden rounded bg-rose-200 dark:bg-rose-900/60"
        aria-hidden
      >
        <span className="absolute inset-y-0 left-0 bg-emerald-600" style={{ width: `${share * 100}%` }} />
      </span>
      <span className="tabular-nums">{percent(share, 0)}</span>
      <span className="text-xs text-muted tabular-nums">
        {right}/{covered}
      </span>
    </span>
  );
}

/** How each of the board's top systems did on an instance: ✓ right, ✗ wrong, · not predicted. */
export function TopChips({
  top,
  outcomes,
}: {
  top: { submissionId: string; model: string; rank: number | null }[];
  outcomes: (boolean | null)[];
}) {
  return (
    <span className="inline-flex gap-0.5" aria-label={`top ${top.length} systems`}>
      {top.map((s, k) => {
        const o = outcomes[k];
        return (
          <span
            key={s.submissionId}
            title={`#${s.rank ?? "—"} ${s.model}: ${o === null ? "not predicted" : o ? "right" : "wrong"}`}
            className={`inline-block w-4 rounded text-center text-xs ${
              o === null
                ? "text-muted"
                : o
                  ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200"
                  : "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-200"
            }`}
          >
            {o === null ? "·" : o ? "✓" : "✗"}
          </span>
        );
      })}
    </span>
  );
}

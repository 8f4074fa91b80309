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

/**
 * How each of the board's top systems did on an instance: ✓ right, ✗ wrong, · not predicted, in
 * the order of the column header's list (no per-chip tooltip: 500 of them would weigh 100 KB).
 */
export function TopChips({ outcomes }: { outcomes: (boolean | null)[] }) {
  const right = outcomes.filter((o) => o === true).length;
  const wrong = outcomes.filter((o) => o === false).length;
  return (
    <span
      className="inline-flex gap-0.5"
      role="img"
      aria-label={`${right} right, ${wrong} wrong of the top ${outcomes.length}`}
    >
      {outcomes.map((o, k) => (
        <span key={k} className={o === null ? "chip chip-n" : o ? "chip chip-r" : "chip chip-w"}>
          {o === null ? "·" : o ? "✓" : "✗"}
        </span>
      ))}
    </span>
  );
}

import { Card, EmptyState } from "@/components/ui/card";
import { fixed, formatInt } from "@/lib/format";
import type { AvExtraCharts, ReportTraitsRow } from "@/lib/tasks/scored-abstention/chart-data";

type Key = Exclude<keyof ReportTraitsRow, "bugs">;

/** Table 3's rows, with the paper's values on Google's human-reported bugs (Abstain, Attempt). */
const ROWS: { key: Key; label: string; share: boolean; paper: [number, number] }[] = [
  { key: "identifiers", label: "Possible code identifiers (mean)", share: false, paper: [3.03, 5.28] },
  { key: "chars", label: "Characters in title and description (mean)", share: false, paper: [771.67, 1239.26] },
  { key: "repoRoot", label: "With a path from the repository root (google3/)", share: true, paper: [0.12, 0.31] },
  { key: "buildRule", label: "With a possible build rule (//path:target)", share: true, paper: [0.01, 0.03] },
  { key: "codeTicks", label: "With Markdown code ticks (```)", share: true, paper: [0.17, 0.2] },
];

/** A value, and a bar drawn by the server: its length against the larger of the pair. */
function Cell({ v, max, share }: { v: number | null; max: number; share: boolean }) {
  if (v === null) return <td className="px-2 py-1 text-right text-muted">—</td>;
  return (
    <td className="px-2 py-1 text-right tabular-nums">
      {share ? fixed(v, 2) : fixed(v, v >= 100 ? 0 : 2)}
      <span
        aria-hidden="true"
        className="ml-auto mt-0.5 block h-1.5 rounded-sm bg-sky-600 dark:bg-sky-400"
        style={{ width: `${max > 0 ? Math.max(2, (v / max) * 100) : 0}%` }}
      />
    </td>
  );
}

/**
 * Abstain-and-Validate's Table 3 / Figure 12 (§7): what the bug reports look like that this
 * upload's abstention attempts (score ≥ τ) and abstains on — longer reports with more code-like
 * words are attempted more in the paper — each measure with a bar, beside the paper's values.
 */
export function ReportTraitsCard({ x }: { x: AvExtraCharts }) {
  const t = x.reportTraits;
  return (
    <Card title="Bug reports attempted vs abstained on (paper Table 3, Figure 12)">
      {t && (t.abstain || t.attempt) ? (
        <>
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm" data-testid="report-traits">
              <caption className="sr-only">
                The bug reports of the bugs this upload abstains on and attempts, beside the paper&apos;s
              </caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className="px-2 py-1">
                    measure
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Abstain ({formatInt(t.abstain?.bugs ?? 0)} bugs)
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Attempt ({formatInt(t.attempt?.bugs ?? 0)} bugs)
                  </th>
                  <th scope="col" className="px-2 py-1 text-right text-muted">
                    paper: Abstain / Attempt
                  </th>
                </tr>
              </thead>
              <tbody>
                {ROWS.map((r) => {
                  const a = t.abstain ? t.abstain[r.key] : null;
                  const b = t.attempt ? t.attempt[r.key] : null;
                  const max = Math.max(a ?? 0, b ?? 0);
                  return (
                    <tr key={r.key} className="border-t border-slate-100 dark:border-slate-800" data-trait={r.key}>
                      <th scope="row" className="px-2 py-1 text-left font-normal">
                        {r.label}
                      </th>
                      <Cell v={a} max={max} share={r.share} />
                      <Cell v={b} max={max} share={r.share} />
                      <td className="px-2 py-1 text-right tabular-nums text-muted">
                        {r.paper[0]} / {r.paper[1]}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="mt-1 text-xs text-muted">
            Attempted: abstention score ≥ τ; machine-reported bugs (always attempted) are left out. The paper&apos;s
            values are on Google&apos;s human-reported bugs; how each measure is read from a report is in
            docs/METRICS.md (§4, Table 3). The bars compare the two groups on each measure.
          </p>
        </>
      ) : (
        <EmptyState title="No bug reports to compare">
          {t === null
            ? "This score predates Table 3: a re-score shows it."
            : "Every bug of this release is machine-reported (always attempted), so abstention splits none."}
        </EmptyState>
      )}
    </Card>
  );
}

/** 2×2 confusion matrix of a bouncer: rows truth, columns decision; shaded by share of the row. */
import { percent } from "@/lib/format";

export function ConfusionMatrix({ counts }: { counts: { tp: number; fp: number; fn: number; tn: number } }) {
  const cells = [
    {
      truth: "should accept",
      items: [
        { label: "accepted", n: counts.tn, ok: true },
        { label: "bounced", n: counts.fp, ok: false },
      ],
    },
    {
      truth: "should bounce",
      items: [
        { label: "accepted", n: counts.fn, ok: false },
        { label: "bounced", n: counts.tp, ok: true },
      ],
    },
  ];
  return (
    <table className="text-sm" data-testid="confusion-matrix">
      <thead>
        <tr>
          <th className="p-2" />
          {cells[0].items.map((c) => (
            <th key={c.label} scope="col" className="p-2 font-medium">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cells.map((row) => {
          const total = row.items[0].n + row.items[1].n || 1;
          return (
            <tr key={row.truth}>
              <th scope="row" className="p-2 text-right font-medium">
                {row.truth}
              </th>
              {row.items.map((c) => {
                const share = c.n / total;
                // blue for right decisions, orange for wrong ones (colour-blind safe pair)
                const bg = c.ok
                  ? `rgba(2, 132, 199, ${0.15 + share * 0.6})`
                  : `rgba(234, 88, 12, ${0.1 + share * 0.6})`;
                return (
                  <td key={c.label} className="h-16 w-28 rounded text-center tabular-nums" style={{ background: bg }}>
                    <div className="text-lg font-semibold">{c.n}</div>
                    <div className="text-xs">{percent(share, 1)} of row</div>
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Human label (rows) × predicted label (columns) agreement table. */
export function LabelTable({ table, labels }: { table: number[][]; labels: readonly string[] }) {
  const max = Math.max(1, ...table.flat());
  return (
    <table className="text-xs" data-testid="label-table">
      <thead>
        <tr>
          <th className="p-1 text-left">human ↓ / bouncer →</th>
          {labels.map((l) => (
            <th key={l} scope="col" className="p-1 font-medium">
              {l}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.map((row, i) => (
          <tr key={labels[i]}>
            <th scope="row" className="p-1 text-left font-medium">
              {i} · {labels[i]}
            </th>
            {row.map((n, j) => (
              <td
                key={j}
                className="h-10 w-24 text-center tabular-nums"
                style={{ background: `rgba(2,132,199,${(n / max) * 0.7})` }}
              >
                {n}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import Link from "next/link";
import { Card } from "@/components/ui/card";
import { fixed } from "@/lib/format";
import type { breakdownHeatmap } from "@/lib/server/leaderboard";

type Heatmap = NonNullable<Awaited<ReturnType<typeof breakdownHeatmap>>>;

/** A cell's colour: the value's place between the row's lowest and highest (colour-blind-safe blues). */
function shade(v: number | null, lo: number, hi: number): string {
  if (v === null) return "transparent";
  const t = hi > lo ? (v - lo) / (hi - lo) : 0.5;
  return `rgba(0, 114, 178, ${fixed(0.08 + 0.6 * t, 2)})`;
}

/**
 * Where does it fail: the top systems × the slices of an attribute, each cell the primary metric on
 * the slice, shaded within the table. Server-drawn (no chart code); attributes are links (`?by=`).
 */
export async function BreakdownHeatmap({
  data,
  href,
}: {
  data: Promise<Heatmap | null>;
  href: (by: string) => string;
}) {
  const h = await data;
  if (!h) return null;
  const all = h.systems.flatMap((s) => s.cells.filter((c): c is number => c !== null));
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  return (
    <Card title={`Where does it fail: ${h.primaryMetric} by ${h.by}, top ${h.systems.length} systems`}>
      <nav aria-label="Slice by" className="mb-2 flex flex-wrap gap-2 text-sm" data-testid="heatmap-attributes">
        {h.attributes.map((a) =>
          a.key === h.by ? (
            <span key={a.key} aria-current="page" className="rounded bg-slate-200 px-2 py-0.5 dark:bg-slate-700">
              {a.label}
            </span>
          ) : (
            <Link key={a.key} href={href(a.key)} scroll={false} className="rounded px-2 py-0.5">
              {a.label}
            </Link>
          ),
        )}
      </nav>
      <div className="overflow-x-auto">
        <table className="text-xs tabular-nums" data-testid="breakdown-heatmap">
          <caption className="sr-only">
            {h.primaryMetric} of the top systems on each slice of instances by {h.by}, release {h.release}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="p-1 text-left">
                system
              </th>
              <th scope="col" className="p-1 text-right">
                all
              </th>
              {h.slices.map((s) => (
                <th
                  key={s.value}
                  scope="col"
                  className="max-w-[7rem] p-1 text-right font-normal"
                  title={`${s.value} (n=${s.n})`}
                >
                  <span className="block truncate">{s.value}</span>
                  <span className="text-muted">n={s.n}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {h.systems.map((s) => (
              <tr key={s.submissionId}>
                <th scope="row" className="max-w-[14rem] truncate p-1 text-left font-normal">
                  <Link href={`/submissions/${s.submissionId}?by=${h.by}`}>
                    #{s.rank} {s.model}
                  </Link>
                </th>
                <td className="p-1 text-right font-medium">{s.overall === null ? "—" : fixed(s.overall, 3)}</td>
                {s.cells.map((c, k) => (
                  <td
                    key={k}
                    className="p-1 text-right"
                    style={{ background: shade(c, lo, hi) }}
                    title={`${s.model} on ${h.slices[k].value}: ${c === null ? "no score" : fixed(c, 3)}`}
                  >
                    {c === null ? "—" : fixed(c, 3)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {h.more > 0 ? (
        <p className="mt-1 text-xs text-muted">… and {h.more} smaller slices (the API has them all).</p>
      ) : null}
    </Card>
  );
}

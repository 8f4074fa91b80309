import Link from "next/link";
import { ScrollHint } from "@/components/charts/scroll-hint";
import { Card } from "@/components/ui/card";
import { SEQUENTIAL, quantileOf, rankScale, sequentialColor, textColorOn } from "@/lib/chart-ticks";
import { fixed, formatMetric } from "@/lib/format";
import type { breakdownHeatmap } from "@/lib/server/leaderboard";
import { catalogTask } from "@/lib/tasks/resolve";
import type { MetricColumn } from "@/lib/tasks/types";

type Heatmap = NonNullable<Awaited<ReturnType<typeof breakdownHeatmap>>> & {
  /** the primary metric's column label and format, when the server sends them */
  primaryLabel?: string;
  primaryFormat?: MetricColumn["format"];
  /** systems the board shows under its filters (the heatmap has the top ones), when the server sends it */
  total?: number;
};

/** Slices past which the table is likely wider than a laptop's card (before the browser measures it). */
const LIKELY_WIDE = 8;

/**
 * The primary metric's label and format: from the data, else from the task's catalog columns
 * (the task read off the page's own links), else the raw key with three decimals.
 */
function metricOf(h: Heatmap, href: (by: string) => string): { label: string; format: MetricColumn["format"] | null } {
  if (h.primaryLabel) return { label: h.primaryLabel, format: h.primaryFormat ?? null };
  try {
    const slug = /^\/tasks\/([^/?#]+\/[^/?#]+)/.exec(href(h.by))?.[1];
    const task = slug ? catalogTask(slug) : undefined;
    const col = task?.kind.columns(task.options).find((c) => c.key === h.primaryMetric);
    if (col) return { label: col.label, format: col.format };
  } catch {
    // an unknown kind or options: the key will do
  }
  return { label: h.primaryMetric, format: null };
}

/** A cell's colour on the sequential scale by its rank among the cells shown, and text that reads on it (≥ 4.5:1). */
function cellStyle(v: number | null, scale: (v: number) => number): React.CSSProperties | undefined {
  if (v === null) return undefined;
  const background = sequentialColor(scale(v));
  return { background, color: textColorOn(background) };
}

/**
 * Where does it fail: the top systems × the slices of an attribute, each cell the primary metric on
 * the slice, on a sequential scale (light → dark blue) by the cell's rank among the cells shown
 * (at 1,000 systems the top ones sit within a few hundredths, and a scale over the range painted
 * nearly every cell one shade), with a legend that names the lowest, median and highest. Server-drawn (no chart code); attributes are links (`?by=`); a wide table says it scrolls.
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
  const metric = metricOf(h, href);
  const fmt = (v: number | null) => (metric.format ? formatMetric(v, metric.format) : fixed(v, 3));
  const all = h.systems.flatMap((s) => s.cells.filter((c): c is number => c !== null));
  const scale = rankScale(all);
  const byLabel = h.attributes.find((a) => a.key === h.by)?.label ?? h.by;
  const of = h.total && h.total > h.systems.length ? ` of ${h.total.toLocaleString("en")}` : "";
  return (
    <Card
      title={`Where does it fail: ${metric.label} by ${byLabel.toLowerCase()}, top ${h.systems.length}${of} ${h.systems.length === 1 && !of ? "system" : "systems"}`}
    >
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
      {all.length ? <HeatmapLegend values={all} label={metric.label} fmt={fmt} /> : null}
      <ScrollHint
        label={`${metric.label} by ${byLabel.toLowerCase()}`}
        note={`${h.slices.length} ${byLabel.toLowerCase()} columns: scroll sideways`}
        likely={h.slices.length > LIKELY_WIDE}
        testId="heatmap-scroll-note"
      >
        <HeatmapTable h={h} metricLabel={metric.label} byLabel={byLabel} fmt={fmt} scale={scale} />
      </ScrollHint>
      {h.more > 0 ? (
        <p className="mt-1 text-xs text-muted">… and {h.more} smaller slices (the API has them all).</p>
      ) : null}
      {h.slices.some((s) => "headline" in s && s.headline) ? (
        <p className="mt-1 text-xs text-muted" data-testid="heatmap-headline-note">
          A column marked R_b or FNR_a holds instances of one truth class, where {metric.label} says little: as in the
          paper, its cells show the share bounced — R_b where all should be bounced (higher is better), FNR_a where none
          should (lower is better).
        </p>
      ) : null}
    </Card>
  );
}

/** Low → high: the scale's gradient, with the lowest, median and highest cell's values under it. */
function HeatmapLegend({ values, label, fmt }: { values: number[]; label: string; fmt: (v: number) => string }) {
  return (
    <p className="mb-2 flex flex-wrap items-center gap-2 text-xs" data-testid="heatmap-legend">
      <span className="text-muted">{label} on the slice:</span>
      <span>lowest {fmt(quantileOf(values, 0))}</span>
      <span
        aria-hidden="true"
        className="inline-block h-3 w-32 rounded-sm border border-slate-300 dark:border-slate-600"
        style={{ background: `linear-gradient(to right, ${SEQUENTIAL.join(", ")})` }}
      />
      <span>{fmt(quantileOf(values, 1))} highest</span>
      <span data-testid="heatmap-median">(median {fmt(quantileOf(values, 0.5))})</span>
      <span className="text-muted">
        shaded by rank among the cells shown: each shade holds about as many cells, darker is higher; the “all” column
        is not shaded
      </span>
    </p>
  );
}

/** A slice's name that may wrap after each "/" (owner/repository), whole words kept. */
function breakable(value: string): React.ReactNode {
  const parts = value.split(/(?<=\/)/);
  return parts.map((p, i) => (
    <span key={i}>
      {i ? <wbr /> : null}
      {p}
    </span>
  ));
}

function HeatmapTable({
  h,
  metricLabel,
  byLabel,
  fmt,
  scale,
}: {
  h: Heatmap;
  metricLabel: string;
  byLabel: string;
  fmt: (v: number | null) => string;
  scale: (v: number) => number;
}) {
  return (
    <table className="text-xs tabular-nums" data-testid="breakdown-heatmap">
      <caption className="sr-only">
        {metricLabel} of the top systems on each slice of instances by {byLabel.toLowerCase()}, release {h.release}
      </caption>
      <thead>
        <tr>
          <th scope="col" className="p-1 text-left align-bottom">
            system
          </th>
          <th scope="col" className="p-1 text-right align-bottom">
            all
          </th>
          {h.slices.map((s) => (
            <th
              key={s.value}
              scope="col"
              className="min-w-[4.5rem] max-w-[7rem] p-1 text-right align-bottom font-normal"
              title={`${s.value} (n=${s.n})`}
            >
              <span className="line-clamp-2 break-words">{breakable(s.value)}</span>
              <span className="text-muted">
                n={s.n}
                {"headline" in s && s.headline ? ` · ${s.headline}` : ""}
              </span>
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
            <td className="p-1 text-right font-medium">{fmt(s.overall)}</td>
            {s.cells.map((c, k) => (
              <td
                key={k}
                className="p-1 text-right"
                style={cellStyle(c, scale)}
                title={`${s.model} on ${h.slices[k].value}: ${c === null ? "no score" : fmt(c)}`}
              >
                {fmt(c)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

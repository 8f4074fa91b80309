"use client";

import dynamic from "next/dynamic";
import { fixed, percent } from "@/lib/format";
import { ChartFigure, DrawingLoading } from "./chart-figure";
import { historyAxes, type HistoryChartProps } from "./history-axis";

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

export type { HistoryChartProps, HistoryData } from "./history-axis";

const Drawing = dynamic(() => import("./history-chart-drawing"), { ssr: false, loading: DrawingLoading });

/**
 * The best primary metric over time (a step at each new record) with the record holder's 95%
 * interval as a band, and a mark at each release's publication.
 */
export function HistoryChart(props: HistoryChartProps) {
  const { data, label, asPercent, testId, height = 300 } = props;
  const f = (v: number) => (asPercent ? percent(v, 0) : fixed(v, 2));
  const records = data.points.filter((p, i) => i === 0 || p.value !== data.points[i - 1].value);
  // what the axes leave out: where the value axis starts, the day or year of the date ticks
  const { note, x } = historyAxes(data, asPercent);
  return (
    <div>
      <ChartFigure
        testId={testId}
        height={height}
        description={`Best ${label} over time on release ${data.current}: ${records.length} records, from ${records.length ? f(records[0].value) : "—"} to ${records.length ? f(records[records.length - 1].value) : "—"}; ${data.releases.length} releases marked.`}
        columns={["date", "record holder", label, "95% low", "95% high"]}
        rows={records.map((p) => [day(p.t), `${p.model}${p.team ? ` (${p.team})` : ""}`, p.value, p.low, p.high])}
      >
        <Drawing {...props} />
      </ChartFigure>
      <p className="mt-1 text-xs text-muted" data-testid="history-legend">
        Each step a new best; the band its 95% interval;{" "}
        {note ? <strong className="font-semibold">the {note}</strong> : "the value axis starts at 0"}.
        {x.context ? ` Dates: ${x.context}.` : ""} Releases (dashed):{" "}
        {data.releases.map((r, i) => (
          <span
            key={r.version}
            className={r.version === data.current ? "font-medium text-orange-800 dark:text-orange-300" : ""}
          >
            {i ? " · " : ""}
            {r.version} ({day(r.t)}){r.version === data.current ? ", shown, orange" : ""}
          </span>
        ))}
      </p>
    </div>
  );
}

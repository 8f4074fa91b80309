"use client";

import dynamic from "next/dynamic";
import type { SankeyFunnelProps } from "./sankey-funnel-drawing";
import { ChartFigure, DrawingLoading } from "./chart-figure";

export type { SankeyData, SankeyFunnelProps } from "./sankey-funnel-drawing";

const Drawing = dynamic(() => import("./sankey-funnel-drawing"), { ssr: false, loading: DrawingLoading });

/** The bouncer pipeline as a Sankey diagram; links coloured by clear/vague and correct/wrong. */
export function SankeyFunnel(props: SankeyFunnelProps) {
  const { data, testId, height = 380 } = props;
  const links = data.links.filter((l) => l.value > 0);
  return (
    <ChartFigure
      testId={testId}
      height={height}
      // its labels sit between columns: below 600 px the diagram scrolls inside its card instead of crowding them
      className="min-w-[600px] text-slate-800 dark:text-slate-200"
      description={`Flow diagram: ${links.map((l) => `${data.nodes[l.source]?.name} → ${data.nodes[l.target]?.name}: ${l.value}`).join("; ")}.`}
      columns={["from", "to", "instances"]}
      rows={links.map((l) => [data.nodes[l.source]?.name ?? "", data.nodes[l.target]?.name ?? "", l.value])}
    >
      <Drawing {...props} />
    </ChartFigure>
  );
}

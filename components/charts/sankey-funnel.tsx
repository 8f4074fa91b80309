"use client";

import { ChartFigure } from "./chart-figure";
import { Layer, Rectangle, ResponsiveContainer, Sankey, Tooltip } from "recharts";

export interface SankeyData {
  nodes: { name: string; color: string }[];
  links: { source: number; target: number; value: number; color: string }[];
}

interface NodeProps {
  x: number;
  y: number;
  width: number;
  height: number;
  index: number;
  payload: { name: string; value: number; color?: string };
}

/** The bouncer pipeline as a Sankey diagram; links coloured by clear/vague and correct/wrong. */
export function SankeyFunnel({ data, testId, height = 380 }: { data: SankeyData; testId?: string; height?: number }) {
  const Node = (p: NodeProps) => (
    <Layer key={`n-${p.index}`}>
      <Rectangle
        x={p.x}
        y={p.y}
        width={p.width}
        height={p.height}
        fill={data.nodes[p.index]?.color ?? "#64748b"}
        fillOpacity={0.9}
      />
      <text x={p.x + p.width + 6} y={p.y + p.height / 2} fontSize={12} dominantBaseline="middle" fill="currentColor">
        {p.payload.name} ({p.payload.value})
      </text>
    </Layer>
  );
  const links = data.links.filter((l) => l.value > 0);
  const Link = (p: {
    sourceX: number;
    targetX: number;
    sourceY: number;
    targetY: number;
    sourceControlX: number;
    targetControlX: number;
    linkWidth: number;
    index: number;
  }) => (
    <path
      className="sankey-link"
      d={`M${p.sourceX},${p.sourceY} C${p.sourceControlX},${p.sourceY} ${p.targetControlX},${p.targetY} ${p.targetX},${p.targetY}`}
      fill="none"
      stroke={links[p.index]?.color ?? "#94a3b8"}
      strokeOpacity={0.45}
      strokeWidth={Math.max(1, p.linkWidth)}
    />
  );
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
      <ResponsiveContainer>
        <Sankey
          data={{
            nodes: data.nodes.map((n) => ({ name: n.name })),
            links: links.map(({ source, target, value }) => ({ source, target, value })),
          }}
          node={Node as never}
          link={Link as never}
          nodePadding={24}
          margin={{ top: 10, right: 160, bottom: 10, left: 10 }}
          iterations={64}
        >
          <Tooltip />
        </Sankey>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

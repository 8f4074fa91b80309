"use client";

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

export interface SankeyFunnelProps {
  data: SankeyData;
  testId?: string;
  height?: number;
}

/** The drawing of SankeyFunnel (sankey-funnel.tsx): Recharts, loaded when the chart nears the screen. */
export default function SankeyFunnelDrawing({ data }: SankeyFunnelProps) {
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
  );
}

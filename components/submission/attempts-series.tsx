import { Card } from "@/components/ui/card";
import { formatDate, formatInt, formatMetric, possessive } from "@/lib/format";
import type { MetricColumn } from "@/lib/tasks/types";

type Point = { t: number; value: number; model: string; submissionId: string };

/**
 * The team's public attempts on this task and release as a small series (a server-drawn SVG: no
 * chart code on the phone), this submission marked; each dot links to its submission.
 */
export function AttemptsSeries({
  points,
  total,
  current,
  team,
  column,
}: {
  points: Point[];
  /** the team's attempts in all (points may be a thinned selection of them) */
  total: number;
  current: string;
  team: string;
  column: MetricColumn | undefined;
}) {
  if (points.length < 2) return null;
  const W = 560;
  const H = 90;
  const pad = { l: 8, r: 8, t: 10, b: 10 };
  const t0 = points[0].t;
  const t1 = points[points.length - 1].t;
  const vs = points.map((p) => p.value);
  const v0 = Math.min(...vs);
  const v1 = Math.max(...vs);
  // a tenth of a unit is below a pixel of the 560-unit drawing (and a fifth of the bytes)
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const x = (t: number) => r1(pad.l + (t1 === t0 ? 0.5 : (t - t0) / (t1 - t0)) * (W - pad.l - pad.r));
  const y = (v: number) => r1(pad.t + (v1 === v0 ? 0.5 : 1 - (v - v0) / (v1 - v0)) * (H - pad.t - pad.b));
  const fmt = (v: number) => formatMetric(v, column?.format ?? "score3");
  const label = column?.label ?? "primary metric";
  return (
    <Card title={`${possessive(team)} attempts on this release`}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full max-w-xl"
        role="group"
        aria-label={`${formatInt(total)} public attempts of ${team}, ${label} from ${fmt(v0)} to ${fmt(v1)}`}
        data-testid="attempts-series"
      >
        {/* a line joins one system's uploads only: two models of the team are two series, not one */}
        {bySystem(points).map(([model, pts]) =>
          pts.length > 1 ? (
            <polyline
              key={model}
              points={pts.map((p) => `${x(p.t)},${y(p.value)}`).join(" ")}
              fill="none"
              stroke="#94a3b8"
              strokeWidth={1.5}
              data-system={model}
            />
          ) : null,
        )}
        {points.map((p) => (
          // plain links: a client component per dot would be hydrated on a phone for nothing
          <a key={p.submissionId} href={`/submissions/${p.submissionId}`}>
            <circle
              cx={x(p.t)}
              cy={y(p.value)}
              r={p.submissionId === current ? 6 : 4}
              fill={p.submissionId === current ? "#D55E00" : "#0072B2"}
              data-current={p.submissionId === current ? "1" : undefined}
            >
              <title>{`${p.model} · ${formatDate(new Date(p.t).toISOString())} · ${label} ${fmt(p.value)}`}</title>
            </circle>
          </a>
        ))}
      </svg>
      <p className="mt-1 text-xs text-muted">
        {label} of {points.length < total ? `${points.length} of the team's ${formatInt(total)}` : "each"} public
        submission
        {points.length < total
          ? "s (the first, the last, the highest, the lowest, this one and evenly between)"
          : ""}{" "}
        by upload date ({fmt(v0)} – {fmt(v1)}; axis not from 0); this one in orange
        {bySystem(points).length > 1 ? "; a line joins the uploads of one model" : ""}.
      </p>
    </Card>
  );
}

/** The points by model, in order of upload within each (a line never joins two systems). */
function bySystem(points: Point[]): [string, Point[]][] {
  const groups = new Map<string, Point[]>();
  for (const p of points) groups.set(p.model, [...(groups.get(p.model) ?? []), p]);
  return [...groups];
}

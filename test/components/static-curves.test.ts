// PR curves drawn as plain SVG with the page: which curves qualify, and what is drawn.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Curves } from "@/components/charts/curves";
import { MAX_DOTS, StaticCurves, fitsStaticCurves } from "@/components/charts/static-curves";

const two = {
  series: [
    {
      name: "model A",
      points: [
        { x: 0, y: 1 },
        { x: 0.5, y: 0.8 },
        { x: 1, y: 0.4 },
      ],
    },
    {
      name: "model B",
      points: [
        { x: 0, y: 1 },
        { x: 1, y: 0.4 },
      ],
    },
  ],
  xLabel: "recall",
  yLabel: "precision",
  refLines: [{ y: 0.4, label: "prevalence 40%" }],
};

describe("fitsStaticCurves", () => {
  it("takes a few curves on the unit square and leaves the rest to Recharts", () => {
    expect(fitsStaticCurves(two)).toBe(true);
    expect(fitsStaticCurves({ ...two, series: [] })).toBe(false);
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `m${i}`, points: [{ x: 0, y: 1 }] }));
    expect(fitsStaticCurves({ ...two, series: nine })).toBe(false);
    expect(fitsStaticCurves({ ...two, series: nine.slice(0, 8) })).toBe(true);
    expect(fitsStaticCurves({ ...two, xDomain: [1, 10] })).toBe(false); // pass@k
    expect(fitsStaticCurves({ ...two, yDomain: [0, 0.5] })).toBe(false);
    expect(fitsStaticCurves({ ...two, step: true })).toBe(false);
    expect(fitsStaticCurves({ ...two, percent: false })).toBe(false);
    expect(fitsStaticCurves({ ...two, xPercent: false })).toBe(false);
    // points must lie on the unit square (Recharts widens its axes for one that does not)
    const off = (p: { x: number; y: number }) => ({ ...two, series: [{ name: "m", points: [{ x: 0, y: 1 }, p] }] });
    expect(fitsStaticCurves(off({ x: 1, y: 0 }))).toBe(true);
    expect(fitsStaticCurves(off({ x: 1.01, y: 0.5 }))).toBe(false);
    expect(fitsStaticCurves(off({ x: 0.5, y: -0.01 }))).toBe(false);
    expect(fitsStaticCurves(off({ x: 0.5, y: NaN }))).toBe(false);
  });
});

describe("StaticCurves", () => {
  it("draws each series as a line in a 1000-unit frame, a dot with its values per point, ticks and the reference line", () => {
    const html = renderToStaticMarkup(createElement(StaticCurves, two));
    expect(html.match(/<polyline /g)).toHaveLength(2);
    expect(html).toContain('points="0.0,0.0 500.0,200.0 1000.0,600.0"');
    expect(html.match(/<circle /g)).toHaveLength(5);
    expect(html).toContain("<title>model A · recall 0.500, precision 0.800</title>");
    for (const t of ["0%", "25%", "50%", "75%", "100%"]) expect(html).toContain(`>${t}</text>`);
    expect(html).toContain(">prevalence 40%</text>");
    // a dot at half the width, 0.8 of the way up a 244 px plot (320 − legend 28 − 8 − 40)
    const cy = Number(/<circle cx="50\.00%" cy="([\d.]+)"/.exec(html)![1]);
    expect(cy).toBeCloseTo(8 + 244 * (1 - 0.8), 6);
  });
  it("draws a dense series as its line only", () => {
    const dense = Array.from({ length: MAX_DOTS + 1 }, (_, i) => ({ x: i / MAX_DOTS, y: 1 - i / (2 * MAX_DOTS) }));
    const html = renderToStaticMarkup(createElement(StaticCurves, { ...two, series: [{ name: "d", points: dense }] }));
    expect(html.match(/<polyline /g)).toHaveLength(1);
    expect(html).not.toContain("<circle");
  });
  it("is what Curves draws for such a chart, at once; pass@k curves still wait for Recharts", () => {
    const html = renderToStaticMarkup(createElement(Curves, { ...two, testId: "chart-x" }));
    expect(html).toContain("data-static-chart");
    expect(html).not.toContain("data-in-view");
    // the figure grows with a legend that wraps; the plot below it keeps its height
    expect(html).toContain("min-height:320px");
    expect(html).toContain("height:292px");
    const passk = renderToStaticMarkup(createElement(Curves, { ...two, xDomain: [1, 10], testId: "chart-y" }));
    expect(passk).not.toContain("data-static-chart");
  });
});

// Grouped bars drawn on the server without Recharts: which charts qualify, and what is drawn.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GroupedBars } from "@/components/charts/grouped-bars";
import { StaticBars, fitsStatic } from "@/components/charts/static-bars";

const perClass = {
  data: [
    { cls: "accept", precision: 0.62, recall: 0.63, F1: 0.625 },
    { cls: "bounce", precision: 0.38, recall: 0, F1: 0.2 },
  ],
  xKey: "cls",
  series: [
    { key: "precision", label: "precision" },
    { key: "recall", label: "recall" },
    { key: "F1", label: "F1" },
  ],
  yDomain: [0, 1] as [number, number],
};

describe("fitsStatic", () => {
  it("takes a few plain bars and leaves the rest to Recharts", () => {
    expect(fitsStatic(perClass)).toBe(true);
    const five = { ...perClass, data: ["a", "b", "c", "d", "e"].map((cls) => ({ cls, F1: 0.5 })) };
    expect(fitsStatic(five)).toBe(false);
    expect(fitsStatic({ ...perClass, series: [{ key: "F1", label: "F1", errorKey: "e" }] })).toBe(false);
    expect(fitsStatic({ ...perClass, series: [{ key: "F1", label: "F1", stackId: "s" }] })).toBe(false);
    expect(fitsStatic({ ...perClass, data: [{ cls: "a", F1: -0.1 }] })).toBe(false);
    expect(fitsStatic({ ...perClass, data: [{ cls: "a-very-long-category-name-of-41-characters", F1: 0.1 }] })).toBe(
      false,
    );
    // four categories share a phone's width: ten characters each
    const four = (name: string) => ["a", "b", "c", "d"].map((c) => ({ cls: `${c}${name}`, F1: 0.5 }));
    expect(fitsStatic({ ...perClass, data: four("-23456789") })).toBe(true);
    expect(fitsStatic({ ...perClass, data: four("-234567890") })).toBe(false);
    expect(fitsStatic({ ...perClass, absTicks: true })).toBe(false);
  });
});

describe("StaticBars", () => {
  it("draws a bar per non-zero value from zero, with its value as the tooltip, ticks to the domain's top", () => {
    const html = renderToStaticMarkup(createElement(StaticBars, perClass));
    expect(html.match(/<rect /g)).toHaveLength(5); // recall of bounce is 0: no rectangle
    expect(html).toContain("<title>accept · precision: 0.620</title>");
    expect(html).toContain("<title>bounce · F1: 0.200</title>");
    for (const t of ["0", "0.25", "0.5", "0.75", "1"]) expect(html).toContain(`>${t}</text>`);
    // the three series side by side in each half of the width
    expect(html).toMatch(/x="7\.50%"/);
    expect(html).toMatch(/x="57\.50%"/);
    // bar heights are proportional: 0.62 of a 238 px plot
    const h = Number(/<rect x="7\.50%"[^>]* height="([\d.]+)"/.exec(html)![1]);
    expect(h).toBeCloseTo(0.62 * (300 - 28 - 8 - 26), 6);
  });
  it("is what GroupedBars draws for such a chart, at once (no Recharts, no waiting to be in view)", () => {
    const html = renderToStaticMarkup(createElement(GroupedBars, { ...perClass, testId: "chart-x" }));
    expect(html).toContain("data-static-chart");
    expect(html).not.toContain("data-in-view");
    const big = renderToStaticMarkup(
      createElement(GroupedBars, { ...perClass, data: ["a", "b", "c", "d", "e"].map((cls) => ({ cls, F1: 0.5 })) }),
    );
    expect(big).not.toContain("data-static-chart");
    expect(big).toContain('data-in-view="waiting"');
  });
  it("picks round ticks for values above 1", () => {
    const html = renderToStaticMarkup(
      createElement(StaticBars, { data: [{ k: "a", n: 37 }], xKey: "k", series: [{ key: "n", label: "n" }] }),
    );
    for (const t of ["0", "10", "20", "30", "40"]) expect(html).toContain(`>${t}</text>`);
  });
});

// The heatmap's scale (issue 49 item 6): at 1,000 systems the top ten's cells sit within a few
// hundredths of each other and one slice far off, and a scale over the range painted nearly every
// cell one shade. By rank among the cells shown, the shades spread over them.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BreakdownHeatmap } from "@/components/task/breakdown-heatmap";
import { relativeLuminance } from "@/lib/chart-ticks";

function heatmap(cells: number[][]) {
  return {
    by: "repository",
    attributes: [{ key: "repository", label: "Repository" }],
    release: "1.1",
    primaryMetric: "F_m",
    primaryLabel: "F_m",
    primaryFormat: "score3" as const,
    total: 1000,
    slices: cells[0].map((_, k) => ({ value: `repo-${k}`, headline: null, n: 10 })),
    more: 0,
    systems: cells.map((row, i) => ({ submissionId: `s${i}`, model: `m${i}`, rank: i + 1, overall: 0.5, cells: row })),
  };
}

async function render(cells: number[][]) {
  const el = await BreakdownHeatmap({ data: Promise.resolve(heatmap(cells)) as never, href: (by) => `/t?by=${by}` });
  return renderToStaticMarkup(el!);
}

/** How far apart the lightest and darkest of the cells' backgrounds are (relative luminance, 0–1). */
const spread = (html: string) => {
  const l = [...html.matchAll(/<td[^>]*style="background:(#[0-9a-f]{6})/g)].map((m) => relativeLuminance(m[1]));
  return Math.max(...l) - Math.min(...l);
};

describe("BreakdownHeatmap", () => {
  it("spreads its shades over cells in a narrow band beside an outlier, and names the median", async () => {
    // nine systems within 0.02 on one slice, and a slice where every system scores 0 or 1
    const cells = Array.from({ length: 9 }, (_, i) => [0.5 + i * 0.0025, i % 2]);
    const html = await render(cells);
    // the nine banded cells alone run from light to dark (over the range [0, 1] they were one
    // mid blue: luminance within 0.01 of each other)
    const banded = html.replace(/<td[^>]*style="background:[^"]*"[^>]*>[01]\.000<\/td>/g, "");
    expect(spread(banded)).toBeGreaterThan(0.3);
    expect(html).toContain('data-testid="heatmap-median"');
    expect(html).toMatch(/median 0\.5\d\d/);
    expect(html).toContain("lowest 0.000");
    expect(html).toContain("1.000 highest");
  });
});

// CI-Bench's Table 1 from board rows (issue 33): the paper's own numbers reproduce its means, and
// a small hand-made board gives the cells and means computed by hand.
import { describe, expect, it } from "vitest";
import { ciRepair } from "./index";
import { buildCiTable1, type Table1Source } from "./table-1";

let n = 0;
/** A board row with Table 1's four counts (#SYE is the metric SYE_PL). */
const row = (
  agent: string | undefined,
  base_model: string | undefined,
  [PG, PL, SYE_PL, CO]: number[],
  extra: Partial<Table1Source> = {},
): Table1Source => ({
  submissionId: `s${++n}`,
  model: `${agent}+${base_model}`,
  team: "T",
  meta: { agent, base_model },
  metrics: { PG, PL, SYE_PL, CO, SYE: SYE_PL + 1, artifacts: 100 },
  ...extra,
});

describe("buildCiTable1", () => {
  it("the paper's Table 1 (100 artifacts) gives its per-tool means: #PL 28, 30, 11.3 and #CO 25.3, 28.3, 11.3", () => {
    const paper: [string, string, number[]][] = [
      ["Agentless", "GPT-4o", [62, 32, 22, 28]],
      ["Agentless", "Claude-3.5-Sonnet", [52, 30, 24, 27]],
      ["Agentless", "Deepseek-V3", [44, 22, 19, 21]],
      ["SWE-agent", "GPT-4o", [67, 30, 23, 28]],
      ["SWE-agent", "Claude-3.5-Sonnet", [45, 24, 20, 22]],
      ["SWE-agent", "Deepseek-V3", [64, 36, 28, 35]],
      ["AutoCodeRover", "GPT-4o", [21, 13, 11, 13]],
      ["AutoCodeRover", "Claude-3.5-Sonnet", [22, 10, 10, 10]],
      ["AutoCodeRover", "Deepseek-V3", [19, 11, 9, 11]],
    ];
    const t = buildCiTable1(paper.map(([a, b, c]) => row(a, b, c)));
    expect(t.artifacts).toBe(100);
    expect(t.tools).toEqual(["SWE-agent", "Agentless", "AutoCodeRover"]);
    expect(t.cells).toHaveLength(9);
    expect(t.cells.find((c) => c.tool === "SWE-agent" && c.baseModel === "Deepseek-V3")).toMatchObject({
      PG: 64,
      PL: 36,
      SYE: 28,
      CO: 35,
      runs: 1,
    });
    const mean = (tool: string) => t.means.find((m) => m.tool === tool)!;
    expect(mean("Agentless").PL).toBeCloseTo(28, 10);
    expect(mean("SWE-agent").PL).toBeCloseTo(30, 10);
    expect(mean("AutoCodeRover").PL).toBeCloseTo(34 / 3, 10);
    expect(mean("Agentless").CO).toBeCloseTo(76 / 3, 10); // 25.3
    expect(mean("SWE-agent").CO).toBeCloseTo(85 / 3, 10); // 28.3
    expect(mean("AutoCodeRover").CO).toBeCloseTo(34 / 3, 10); // 11.3
    expect(mean("Agentless").PG).toBeCloseTo(158 / 3, 10);
    expect(mean("SWE-agent").SYE).toBeCloseTo(71 / 3, 10);
    expect(t.means.every((m) => m.models === 3)).toBe(true);
  });

  it("a small hand-made board: best run per cell, one spelling per model, unstated and partial runs left out", () => {
    const rows = [
      row("SWE-agent", "GPT-4o", [3, 3, 0, 3]),
      row("Agentless", "Claude-3.5-Sonnet", [3, 2, 2, 2]),
      row("Agentless", "GPT-4o", [3, 2, 1, 1]),
      row("SWE-agent", "gpt-4o", [1, 1, 1, 1]), // the same cell: "GPT-4o" named first
      row(undefined, "GPT-4o", [1, 1, 1, 1]), // no tool: unstated
      row("SWE-agent", "", [4, 4, 4, 4]), // no model: unstated
      row("SWE-agent", "Claude-3.5-Sonnet", [4, 4, 4, 4], { partial: true }),
      row("Baseline", "none", [4, 4, 4, 4], { baseline: "noop" }),
    ];
    const t = buildCiTable1(rows);
    expect(t.unstated).toBe(2);
    // tools by mean #CO: SWE-agent 3, Agentless (2 + 1) / 2 = 1.5; models by their best #CO: GPT-4o 3, Claude 2
    expect(t.tools).toEqual(["SWE-agent", "Agentless"]);
    expect(t.models).toEqual(["GPT-4o", "Claude-3.5-Sonnet"]);
    expect(t.cells).toHaveLength(3);
    expect(t.cells.find((c) => c.tool === "SWE-agent")).toMatchObject({
      baseModel: "GPT-4o",
      PG: 3,
      PL: 3,
      SYE: 0,
      CO: 3,
      runs: 2,
      submissionId: rows[0].submissionId,
    });
    expect(t.means).toEqual([
      { tool: "SWE-agent", PG: 3, PL: 3, SYE: 0, CO: 3, models: 1 },
      { tool: "Agentless", PG: 3, PL: 2, SYE: 1.5, CO: 1.5, models: 2 },
    ]);
  });

  it("a later run with more #CO takes the cell; equal #CO keeps the first in board order", () => {
    const first = row("A", "M", [2, 1, 1, 1]);
    const more = row("A", "M", [2, 2, 2, 2]);
    const tie = row("A", "M", [5, 2, 2, 2]);
    const t = buildCiTable1([first, more, tie]);
    expect(t.cells).toEqual([expect.objectContaining({ submissionId: more.submissionId, PG: 2, runs: 3 })]);
  });

  it("missing counts are null, and means skip them", () => {
    const a = row("A", "M1", [1, 1, 1, 1]);
    const b = { ...row("A", "M2", [3, 0, 0, 0]), metrics: { PG: 3 } };
    const t = buildCiTable1([a, b]);
    expect(t.cells.find((c) => c.baseModel === "M2")).toMatchObject({ PG: 3, PL: null, SYE: null, CO: null });
    expect(t.means[0]).toMatchObject({ PG: 2, PL: 1, SYE: 1, CO: 1, models: 2 });
  });

  it("no rows: an empty table", () => {
    expect(buildCiTable1([])).toEqual({ artifacts: null, tools: [], models: [], cells: [], means: [], unstated: 0 });
  });
});

describe("the kind's paper table", () => {
  it("is Table 1 (lib/server/leaderboard/paper-tables.ts serves it)", () => {
    expect(ciRepair.paperTable).toBe(buildCiTable1);
  });
});

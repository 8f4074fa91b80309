// A fresh install's Input board holds the BouncerBench paper's five published Table II systems,
// under the paper's authors, each with the paper's values (real PostgreSQL, the real seed, the
// leaderboard route and the board page's note). Expected values are the paper's Table II (3
// decimals; R_b and FNR_a in percent, 1 decimal) and, for gpt-4.1 and claude-3.7-sonnet, the
// unrounded ones of spec/METRICS.md — never numbers this app printed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { GET as leaderboard } from "@/app/api/v1/tasks/[benchmark]/[task]/leaderboard/route";
import { PaperRowsNote } from "@/components/leaderboard/board-notes";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { ctx, getRequest } from "../helpers/requests";

// the paper's Table II, row by row as printed (codex, row 6, has no published file)
const TABLE_II = [
  { row: 1, model: "claude-3.7-sonnet", F_m: 0.422, I_Score: 0.209, R_b: 4.0, FNR_a: 0.6 },
  { row: 2, model: "gpt-4.1", F_m: 0.5, I_Score: 0.233, R_b: 12.9, FNR_a: 2.0 },
  { row: 3, model: "gemma3_27b-it-q8_0", F_m: 0.399, I_Score: 0.198, R_b: 1.7, FNR_a: 0.3 },
  { row: 4, model: "o4-mini", F_m: 0.592, I_Score: 0.271, R_b: 26.8, FNR_a: 5.4 },
  { row: 5, model: "qwen3_32b-q8_0", F_m: 0.466, I_Score: 0.232, R_b: 8.8, FNR_a: 1.3 },
];
// spec/METRICS.md, "Real reference values" (all 1,699)
const UNROUNDED: Record<string, { F_m: number; I_Score: number; R_b: number; FNR_a: number }> = {
  "gpt-4.1": { F_m: 0.50021, I_Score: 0.233274, R_b: 0.129231, FNR_a: 0.020019 },
  "claude-3.7-sonnet": { F_m: 0.422144, I_Score: 0.208554, R_b: 0.04, FNR_a: 0.00572 },
};

type Row = {
  model: string;
  team: string;
  rank: number | null;
  baseline: string | null;
  metrics: Record<string, number>;
};
let db: TestDatabase;
let rows: Row[];

beforeAll(async () => {
  db = await seededTestDatabase();
  const res = await leaderboard(
    getRequest("/api/v1/tasks/bouncerbench/input/leaderboard"),
    ctx({ benchmark: "bouncerbench", task: "input" }),
  );
  expect(res.status).toBe(200);
  rows = ((await res.json()) as { rows: Row[] }).rows.filter((r) => !r.baseline);
}, 300_000);
afterAll(async () => db?.drop());

describe("the paper's Table II on a fresh install's Input board", () => {
  it("holds exactly the five published systems, under the paper's authors, ranked", () => {
    expect(rows.map((r) => r.model).sort()).toEqual(TABLE_II.map((t) => t.model).sort());
    expect(rows.every((r) => r.team === "BouncerBench authors" && r.rank !== null)).toBe(true);
    expect(rows.some((r) => r.model === "codex")).toBe(false);
  });

  it.each(TABLE_II)("row $row, $model: F_m $F_m, I-Score $I_Score, R_b $R_b%, FNR_a $FNR_a%", (t) => {
    const m = rows.find((r) => r.model === t.model)!.metrics;
    expect(m.F_m.toFixed(3)).toBe(t.F_m.toFixed(3));
    expect(m.I_Score.toFixed(3)).toBe(t.I_Score.toFixed(3));
    expect((m.R_b * 100).toFixed(1)).toBe(t.R_b.toFixed(1));
    expect((m.FNR_a * 100).toFixed(1)).toBe(t.FNR_a.toFixed(1));
    const exact = UNROUNDED[t.model];
    if (exact) for (const k of ["F_m", "I_Score", "R_b", "FNR_a"] as const) expect(m[k]).toBeCloseTo(exact[k], 6);
  });

  it("o4-mini, the official leaderboard's sample entry (F_m 0.592), is #1", () => {
    const top = rows.find((r) => r.rank === 1)!;
    expect(top.model).toBe("o4-mini");
    expect(top.metrics.F_m.toFixed(3)).toBe("0.592");
  });

  it("the board's note names each row of Table II and says codex has no published file", () => {
    const html = renderToStaticMarkup(createElement(PaperRowsNote, { task: "bouncerbench/input", synthetic: false }));
    for (const t of TABLE_II) expect(html).toContain(`row ${t.row}: <strong>${t.model}</strong>`);
    expect(html).toMatch(/Table II/);
    expect(html).toMatch(/row 6: <strong>codex<\/strong>[^.]*no prediction file/);
    // a synthetic release (Output's stand-in) names no paper rows
    expect(renderToStaticMarkup(createElement(PaperRowsNote, { task: "bouncerbench/output", synthetic: true }))).toBe(
      "",
    );
  });
});

import { describe, expect, it } from "vitest";
import { sortRows } from "./leaderboard-sort";

const row = (model: string, F_m: number | null, date = "2026-01-01") => ({
  model,
  team: null,
  createdAt: date,
  metrics: { F_m },
  coverage: { covered: 1, total: 1 },
});

describe("sortRows", () => {
  const rows = [row("b", 0.4), row("a", null), row("c", 0.6), row("d", 0.4)];
  it("sorts descending with nulls last and stable ties", () => {
    expect(sortRows(rows, "F_m", "desc").map((r) => r.model)).toEqual(["c", "b", "d", "a"]);
  });
  it("sorts ascending with nulls still last", () => {
    expect(sortRows(rows, "F_m", "asc").map((r) => r.model)).toEqual(["b", "d", "c", "a"]);
  });
  it("sorts by model name", () => {
    expect(sortRows(rows, "model", "asc").map((r) => r.model)).toEqual(["a", "b", "c", "d"]);
  });
});

import { describe, expect, it } from "vitest";
import { chooseColumns, DEFAULT_METRIC_COLUMNS } from "./leaderboard-columns";

const metrics = ["A", "B", "C", "D", "E", "F"].map((k) => ({ key: k, label: `${k} label` }));
const base = { metrics, primary: "A", showCost: true };

describe("chooseColumns", () => {
  it("shows the key columns by default: team, the first metrics, cost, coverage, date", () => {
    const c = chooseColumns(base);
    expect([...c.shown].sort()).toEqual(["A", "B", "C", "D", "cost", "coverage", "date", "team"]);
    expect(DEFAULT_METRIC_COLUMNS).toBe(4);
    expect(c.custom).toBe(false);
    expect(c.param).toBeUndefined();
    expect(c.options.map((o) => o.key)).toEqual(["team", "A", "B", "C", "D", "E", "F", "cost", "coverage", "date"]);
    // no cost column when no row declares one
    expect(chooseColumns({ ...base, showCost: false }).shown.has("cost")).toBe(false);
  });
  it("keeps the primary metric among the defaults wherever the task lists it", () => {
    expect(chooseColumns({ ...base, primary: "F" }).shown.has("F")).toBe(true);
  });
  it("takes the reader's pick from the URL, in the table's order, ignoring unknown keys", () => {
    const c = chooseColumns({ ...base, cols: "date, E,nope,A" });
    expect([...c.shown].sort()).toEqual(["A", "E", "date"]);
    expect(c.custom).toBe(true);
    expect(c.param).toBe("A,E,date");
  });
  it("always shows the column sorted by; a pick equal to the defaults is the default (no cols in links)", () => {
    const sorted = chooseColumns({ ...base, cols: "A", sort: "F" });
    expect([...sorted.shown].sort()).toEqual(["A", "F"]);
    // the sort column is not baked into the pick: sorting by another column drops it
    expect(sorted.param).toBe("A");
    expect(chooseColumns({ ...base, cols: "team,A,B,C,D,cost,coverage,date" }).param).toBeUndefined();
    expect(chooseColumns({ ...base, cols: "nope" }).custom).toBe(false);
  });
  it("prints every column whatever was picked", () => {
    const c = chooseColumns({ ...base, cols: "A", printing: true });
    expect(c.shown.size).toBe(10);
    expect(c.param).toBeUndefined();
  });
});

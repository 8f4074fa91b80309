import { describe, expect, it } from "vitest";
import { parseLeaderboardView, parseLeaderboardViewLenient, viewQuery } from "./leaderboard-view";

describe("leaderboard views", () => {
  it("keeps the valid parameters and names the invalid ones", () => {
    const { view, ignored } = parseLeaderboardViewLenient({ from: "yesterday", oss: "1", dir: "sideways" });
    expect(view.oss).toBe(true);
    expect(view.from).toBeUndefined();
    expect(ignored.map((i) => i.key).sort()).toEqual(["dir", "from"]);
  });
  it("omits defaults from permalinks", () => {
    expect(viewQuery({ baselines: true, synthetic: true, sort: "F_m", dir: "desc" }, "F_m")).toBe("");
    expect(viewQuery({ baselines: false, sort: "FNR_a", dir: "asc" }, "F_m")).toBe("?baselines=0&sort=FNR_a&dir=asc");
  });
  it("joins every `cols` (a column picker's checkboxes) and keeps it in permalinks; other keys take their first value", () => {
    const sp = new URLSearchParams("cols=F_m&cols=kappa&q=a&q=b");
    expect(parseLeaderboardView(sp)).toMatchObject({ cols: "F_m,kappa", q: "a" });
    expect(parseLeaderboardViewLenient({ cols: ["F_m", "date"], q: ["a", "b"] }).view).toMatchObject({
      cols: "F_m,date",
      q: "a",
    });
    expect(viewQuery({ cols: "F_m,date" }, "F_m")).toBe("?cols=F_m%2Cdate");
  });
  it("min_runs: a blank box is no filter, a number at least 1 is kept in permalinks, anything else is named", () => {
    expect(parseLeaderboardView(new URLSearchParams("min_runs=")).min_runs).toBeUndefined();
    expect(parseLeaderboardView(new URLSearchParams("min_runs=3")).min_runs).toBe(3);
    expect(viewQuery({ min_runs: 3 }, "F_m")).toBe("?min_runs=3");
    expect(viewQuery({ min_runs: 1 }, "F_m")).toBe("");
    const { ignored } = parseLeaderboardViewLenient({ min_runs: "2.5" });
    expect(ignored).toEqual([{ key: "min_runs", message: "min_runs is a whole number" }]);
    expect(parseLeaderboardViewLenient({ min_runs: "0" }).ignored[0].message).toBe("min_runs is at least 1");
  });
});

import { describe, expect, it } from "vitest";
import { parseLeaderboardViewLenient, viewQuery } from "./leaderboard-view";

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
});

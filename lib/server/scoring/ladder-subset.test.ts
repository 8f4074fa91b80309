// A hidden release's Ladder never releases a metric computed on a small subset of instances (issue
// 20's R_b per failure type: 28 patches of one type, where one prediction moves it by 3.6%).
import { describe, expect, it } from "vitest";
import { bouncingColumns } from "@/lib/tasks/binary-abstention/columns";
import { releasedMetrics } from "./ladder";

describe("releasedMetrics", () => {
  it("leaves out subset columns and releases the rest", () => {
    const columns = bouncingColumns("output");
    expect(columns.filter((c) => c.subset).map((c) => c.key)).toEqual([
      "R_b_fail_to_pass",
      "R_b_both",
      "R_b_pass_to_pass",
    ]);
    const out = releasedMetrics(
      columns,
      { F_m: 0.61, O_Score: 0.2, R_b: 0.5, FNR_a: 0.1, R_b_fail_to_pass: 0.5, R_b_both: 0.4, R_b_pass_to_pass: 0.25 },
      0.01,
      642,
    ) as Record<string, number>;
    expect(Object.keys(out).sort()).toEqual(["FNR_a", "F_m", "O_Score", "R_b"]);
  });
});

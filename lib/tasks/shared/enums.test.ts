import { describe, expect, it } from "vitest";
import { canonicalEnum } from "./enums";

describe("canonicalEnum", () => {
  it("matches whatever the case and separators, and returns the canonical spelling", () => {
    expect(canonicalEnum("high", ["Low", "Medium", "High", "Critical"])).toBe("High");
    expect(canonicalEnum(" CRITICAL ", ["Low", "Medium", "High", "Critical"])).toBe("Critical");
    expect(canonicalEnum("Bug-Hit", ["bug_hit", "valid_suggestion", "noise"])).toBe("bug_hit");
    expect(canonicalEnum("valid suggestion", ["bug_hit", "valid_suggestion", "noise"])).toBe("valid_suggestion");
    expect(canonicalEnum("reasonably specified", ["WELL_SPECIFIED", "REASONABLY_SPECIFIED"])).toBe(
      "REASONABLY_SPECIFIED",
    );
  });
  it("refuses what is none of them", () => {
    expect(canonicalEnum("severe", ["Low", "High"])).toBeUndefined();
    expect(canonicalEnum(3, ["Low", "High"])).toBeUndefined();
    expect(canonicalEnum("", ["Low"])).toBeUndefined();
  });
});

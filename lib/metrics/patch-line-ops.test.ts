import { describe, expect, it } from "vitest";
import { countPatchLineOps, summarizeLineOps } from "./patch-line-ops";

describe("countPatchLineOps", () => {
  it("counts added and deleted lines inside hunks, never file headers or context", () => {
    const patch = [
      "diff --git a/x.py b/x.py",
      "--- a/x.py",
      "+++ b/x.py",
      "@@ -1,3 +1,4 @@",
      " keep",
      "-old",
      "+new",
      "+more",
      " keep",
      "--- a/y.py",
      "+++ b/y.py",
      "@@ -10 +10 @@",
      "-a",
      "+b",
      "",
    ].join("\n");
    expect(countPatchLineOps(patch)).toBe(5);
  });
  it("a deleted line whose text starts with '--' is an operation", () => {
    // "--- x" inside the hunk deletes the line "-- x"
    expect(countPatchLineOps("--- a/s.sql\n+++ b/s.sql\n@@ -1,2 +1,1 @@\n--- x\n keep\n")).toBe(1);
  });
  it("'\\ No newline at end of file' is not a line", () => {
    expect(countPatchLineOps("@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n")).toBe(2);
  });
  it("text without hunk headers: +/- lines, not +++/--- headers", () => {
    expect(countPatchLineOps("+++ b/x\n--- a/x\n+a\n-b\n c\n")).toBe(2);
    expect(countPatchLineOps("")).toBe(0);
  });
  it("CRLF line ends", () => expect(countPatchLineOps("@@ -1,1 +1,2 @@\r\n-a\r\n+b\r\n+c\r\n")).toBe(3));
});

describe("summarizeLineOps", () => {
  it("n, mean, median and bins ≤5, 6–10, 11–20, 21–50, 51–100, >100", () => {
    expect(summarizeLineOps([2, 8, 30])).toEqual({ n: 3, mean: 40 / 3, median: 8, bins: [1, 1, 0, 1, 0, 0] });
    expect(summarizeLineOps([5, 6, 10, 11, 20, 21, 50, 51, 100, 101, 0]).bins).toEqual([2, 2, 2, 2, 2, 1]);
    expect(summarizeLineOps([1, 4]).median).toBe(2.5);
  });
  it("throws on empty input or a non-count", () => {
    expect(() => summarizeLineOps([])).toThrow(RangeError);
    expect(() => summarizeLineOps([1.5])).toThrow(RangeError);
  });
});

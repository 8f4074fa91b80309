import { describe, expect, it } from "vitest";
import { runNumberProblem, SubmissionFields, SubmissionPatch, SystemMeta } from "./common";

describe("the run field (issue 47): a whole number from 1 to 1000 in plain decimal digits", () => {
  const issues = (run: unknown) => {
    const r = SubmissionFields.safeParse({ model: "m", run });
    return r.success ? [] : r.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  };

  it.each([
    ["1", 1],
    ["2", 2],
    ["37", 37],
    ["1000", 1000],
    [7, 7],
    [null, undefined],
    [undefined, undefined],
  ])("%j reads as %j", (run, expected) => {
    expect(issues(run)).toEqual([]);
    expect(SubmissionFields.parse({ model: "m", run }).run).toBe(expected);
  });

  it.each([
    [
      "1e2",
      'run must be a whole number from 1 to 1000 in plain decimal digits, such as 1, 2 or 3 (no sign, spaces, leading zeros, decimal point or exponent), got "1e2"',
    ],
    ["01", 'got "01"'],
    [" 2", 'got " 2"'],
    ["2 ", 'got "2 "'],
    ["+2", 'got "+2"'],
    ["0x10", 'got "0x10"'],
    ["-1", 'got "-1"'],
    ["1.5", 'got "1.5"'],
    ["2.0", 'got "2.0"'],
    ["abc", 'got "abc"'],
    ["１", 'got "１"'],
    [
      "",
      "run is empty: send a whole number from 1 to 1000 in plain decimal digits, such as 1, 2 or 3, or leave the field out when the file is not one of several runs",
    ],
    ["  ", "run is empty"],
    ["0", 'run must be at least 1, got "0"'],
    ["000", 'run must be at least 1, got "000"'],
    ["1001", 'run must be at most 1000, got "1001"'],
    ["123456789012345678901234567890", "run must be at most 1000"],
    [0, "run must be at least 1, got 0"],
    [1.5, "run must be a whole number from 1 to 1000 in plain decimal digits, such as 1, 2 or 3, got 1.5"],
    [1001, "run must be at most 1000, got 1001"],
  ])("%j is refused, naming run and what it expects", (run, message) => {
    const found = issues(run);
    expect(found).toHaveLength(1);
    expect(found[0].path).toBe("run");
    expect(found[0].message).toContain(message);
    expect(runNumberProblem(run)).toBe(found[0].message);
  });

  it("a long value is shown cut", () => {
    expect(runNumberProblem("x".repeat(100))).toContain(`got "${"x".repeat(40)}…"`);
  });

  it("stored metadata keeps its run; a PATCH may not change it", () => {
    expect(SystemMeta.parse({ run: 3 }).run).toBe(3);
    const patch = SubmissionPatch.safeParse({ meta: { run: 2 } });
    expect(patch.success).toBe(false);
    expect(JSON.stringify(patch.error?.issues)).toContain("run is fixed at upload");
  });
});

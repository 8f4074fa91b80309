import { describe, expect, it } from "vitest";
import { parsePythonLiteral } from "./parse-python-literal";

describe("parsePythonLiteral", () => {
  it("parses the HF tests_status dict", () => {
    const t =
      "{'FAIL_TO_PASS': {'success': ['test_a (x.Y)', \"it's\"], 'failure': []}, 'PASS_TO_PASS': {'success': [], 'failure': ['b']}}";
    expect(parsePythonLiteral(t)).toEqual({
      FAIL_TO_PASS: { success: ["test_a (x.Y)", "it's"], failure: [] },
      PASS_TO_PASS: { success: [], failure: ["b"] },
    });
  });
  it("parses JSON and Python constants", () => {
    expect(parsePythonLiteral('{"a": [1, 2.5, true, null]}')).toEqual({ a: [1, 2.5, true, null] });
    expect(parsePythonLiteral("(True, False, None,)")).toEqual([true, false, null]);
  });
  it("throws with a position", () => {
    expect(() => parsePythonLiteral("{'a': }")).toThrow(/position/);
  });
});

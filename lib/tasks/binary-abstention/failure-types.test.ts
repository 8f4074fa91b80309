// R_b by failure type on BouncerBench Output (issue 20; the paper's §II-A2 split of the 405
// incorrect patches into 107 failing both test sets, 270 fail-to-pass only, 28 pass-to-pass only).
import { describe, expect, it } from "vitest";
import { parseBounceReleaseRow, readTestsStatus } from "./schemas";
import { scoreBinaryAbstention } from "./score-binary-abstention";

const status = (f2p: [number, number], p2p: [number, number]) => {
  const l = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `'${tag}${i}'`).join(", ");
  return `{'FAIL_TO_PASS': {'success': [${l(f2p[0], "a")}], 'failure': [${l(f2p[1], "b")}]}, 'PASS_TO_PASS': {'success': [${l(p2p[0], "c")}], 'failure': [${l(p2p[1], "d")}]}}`;
};

describe("failure types from tests_status", () => {
  it("names which test sets fail", () => {
    expect(readTestsStatus(status([1, 1], [2, 1]))).toMatchObject({ incorrect: true, failure: "both" });
    expect(readTestsStatus(status([0, 2], [3, 0]))).toMatchObject({ incorrect: true, failure: "fail_to_pass" });
    expect(readTestsStatus(status([2, 0], [3, 1]))).toMatchObject({ incorrect: true, failure: "pass_to_pass" });
    const ok = readTestsStatus(status([2, 0], [3, 0]));
    expect(ok).toMatchObject({ incorrect: false, pass: 1 });
    expect(ok).not.toHaveProperty("failure");
  });

  it("R_b per type is the share of that type's patches bounced; null for a type with none", () => {
    const rows = [
      [status([0, 1], [1, 0]), true],
      [status([0, 1], [1, 0]), false],
      [status([0, 1], [1, 0]), true],
      [status([1, 1], [0, 2]), true],
      [status([1, 0], [1, 0]), false],
      [status([1, 0], [1, 0]), true],
    ] as const;
    const pairs = rows.map(([s, bounce], i) => {
      const r = parseBounceReleaseRow({ instance_id: `x-${i}`, tests_status: s }, "output");
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      return { truth: r.value.truth, prediction: { bounce } };
    });
    const m = scoreBinaryAbstention(pairs, "output").metrics;
    expect(m.R_b_fail_to_pass).toBeCloseTo(2 / 3, 12);
    expect(m.R_b_both).toBe(1);
    expect(m.R_b_pass_to_pass).toBeNull();
    // the overall R_b is over the same four incorrect patches
    expect(m.R_b).toBeCloseTo(3 / 4, 12);
  });
});

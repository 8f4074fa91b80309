import { describe, expect, it } from "vitest";
import { coveredPositions, outcomeAt } from "./outcomes";

// 10 instances: covered 0, 2, 3, 8, 9; right 2, 9 — "covered" then "right", LSB first
const n = 10;
const bits = new Uint8Array([0b00001101, 0b00000011, 0b00000100, 0b00000010]);

describe("coveredPositions", () => {
  it("lists the covered positions in order, or only the right or the wrong ones", () => {
    expect(coveredPositions(bits, n)).toEqual([0, 2, 3, 8, 9]);
    expect(coveredPositions(bits, n, true)).toEqual([2, 9]);
    expect(coveredPositions(bits, n, false)).toEqual([0, 3, 8]);
  });
  it("agrees with outcomeAt at every position", () => {
    for (let i = 0; i < n; i++) {
      const o = outcomeAt(bits, n, i);
      expect(coveredPositions(bits, n)!.includes(i)).toBe(o !== null);
      expect(coveredPositions(bits, n, true)!.includes(i)).toBe(o === true);
    }
  });
  it("null for no bitset, or one of another release's size", () => {
    expect(coveredPositions(null, n)).toBeNull();
    expect(coveredPositions(bits, 17)).toBeNull();
    expect(coveredPositions(bits.subarray(0, 3), n)).toBeNull();
  });
});

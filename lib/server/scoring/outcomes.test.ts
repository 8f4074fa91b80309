import { describe, expect, it } from "vitest";
import { coveredPositions, outcomeAt, rightInEvery } from "./outcomes";

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

describe("rightInEvery", () => {
  it("counts the instances every run covers and every run got right (a brute force agrees)", () => {
    // a second run: covered 0, 2, 8, 9; right 0, 2, 9
    const other = new Uint8Array([0b00000101, 0b00000011, 0b00000101, 0b00000010]);
    expect(rightInEvery([bits, other], n)).toEqual({ covered: 4, right: 2 });
    let s = 3;
    const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const size of [1, 8, 13, 64, 1699]) {
      const half = (size + 7) >> 3;
      const runs = Array.from({ length: 3 }, () => {
        const b = new Uint8Array(half * 2);
        for (let i = 0; i < size; i++) {
          if (rnd() < 0.9) b[i >> 3] |= 1 << (i & 7);
          if (rnd() < 0.7) b[half + (i >> 3)] |= 1 << (i & 7);
        }
        return b;
      });
      let covered = 0;
      let right = 0;
      for (let i = 0; i < size; i++) {
        const o = runs.map((b) => outcomeAt(b, size, i));
        if (o.every((x) => x !== null)) covered++;
        if (o.every((x) => x === true)) right++;
      }
      expect(rightInEvery(runs, size)).toEqual({ covered, right });
    }
  });
  it("null when a bitset is missing or of another size", () => {
    expect(rightInEvery([bits, null], n)).toBeNull();
    expect(rightInEvery([bits], 17)).toBeNull();
    expect(rightInEvery([], n)).toBeNull();
  });
});

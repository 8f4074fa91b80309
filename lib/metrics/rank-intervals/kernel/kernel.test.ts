// The pair kernel's reference tests: pairs.wat (assembled into lib/generated/wasm/pair-kernel.ts)
// against plain JavaScript and against the definition, on its own memory and on a shared one.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAIR_KERNEL_WASM, PAIR_KERNEL_WASM_SHARED } from "@/lib/generated/wasm/pair-kernel";
import { seededRandom } from "../../bootstrap-ci";
import { kernelLayout, kernelModule, kernelOver, pairKernel, quantLevels, rawBlock, type PairKernel } from "./kernel";

/** Σ (qa − qb)² and max |qa − qb| of two slots, from the definition. */
function reference(k: PairKernel, a: number, b: number, B: number) {
  let s = 0;
  let m = 0;
  for (let r = 0; r < B; r++) {
    const d = k.q[a * k.lanes + r] - k.q[b * k.lanes + r];
    s += d * d;
    m = Math.max(m, Math.abs(d));
  }
  return { s, m };
}

/** Fills every kernel's slots with the same values: random on the grid, with rows at ±Q (the extremes). */
function fill(kernels: PairKernel[], count: number, B: number, seed: number) {
  const rand = seededRandom(seed);
  const Q = quantLevels(B);
  for (let k = 0; k < count; k++)
    for (let r = 0; r < B; r++) {
      const x = k === 0 ? Q : k === 1 ? -Q : Math.round((rand() * 2 - 1) * Q);
      for (const kernel of kernels) kernel.q[k * kernel.lanes + r] = x;
    }
}

/** Runs one block on each kernel and checks every cell against the definition. */
function checkBlock(kernels: PairKernel[], block: { i0: number; ni: number; j0: number; nj: number }, B: number) {
  const { i0, ni, j0, nj } = block;
  for (const withMax of [true, false])
    for (const k of kernels) {
      k.block({ i0, ni }, { j0, nj }, withMax);
      for (let r = 0; r < ni; r++)
        for (let c = 0; c < nj; c++) {
          const want = reference(k, i0 + r, j0 + c, B);
          expect(k.sumSq[r * nj + c]).toBe(want.s);
          if (withMax) expect(k.maxAbs[r * nj + c]).toBe(want.m);
        }
    }
}

/** A kernel on the shared module's instance (as each of pair-threads' helpers has one). */
function sharedKernel(count: number, B: number, maxRows: number): PairKernel {
  const layout = kernelLayout(count, B, maxRows);
  const mod = kernelModule(true)!;
  const memory = new WebAssembly.Memory({ initial: layout.pages, maximum: layout.pages, shared: true });
  return kernelOver(memory, layout, rawBlock(new WebAssembly.Instance(mod, { env: { memory } })));
}

describe("pair kernel", () => {
  it("is pairs.wat as it is now (the generated module is re-assembled at install, build and test time)", async () => {
    const root = path.resolve(__dirname, "../../../..");
    const wabt = await (
      createRequire(path.join(root, "package.json"))("wabt") as () => Promise<{
        parseWat(
          name: string,
          text: string,
          features: object,
        ): {
          resolveNames(): void;
          validate(features: object): void;
          toBinary(o: object): { buffer: Uint8Array };
          destroy(): void;
        };
      }>
    )();
    const text = fs.readFileSync(path.join(__dirname, "pairs.wat"), "utf8");
    const features = { simd: true, threads: true };
    const bytes = (t: string) => {
      const m = wabt.parseWat("pairs.wat", t, features);
      m.resolveNames();
      m.validate(features);
      const out = Uint8Array.from(m.toBinary({}).buffer);
      m.destroy();
      return out;
    };
    expect(Array.from(bytes(text))).toEqual(Array.from(PAIR_KERNEL_WASM));
    const shared = text.replace(
      '(memory (import "env" "memory") 1)',
      '(memory (import "env" "memory") 1 65536 shared)',
    );
    expect(Array.from(bytes(shared))).toEqual(Array.from(PAIR_KERNEL_WASM_SHARED));
  });

  it("compiles here, on its own memory and on a shared one", () => {
    expect(kernelModule(false)).toBeInstanceOf(WebAssembly.Module);
    expect(kernelModule(true)).toBeInstanceOf(WebAssembly.Module);
    expect(pairKernel(4, 8, 1).simd).toBe(true);
  });

  it("gives the definition's sums of squares and largest differences: WebAssembly (both memories) and JavaScript", () => {
    for (const [B, seed] of [
      [1, 81],
      [7, 82],
      [8, 83],
      [13, 84],
      [1000, 85],
    ]) {
      const count = 11;
      const kernels = [pairKernel(count, B, 5, true), pairKernel(count, B, 5, false), sharedKernel(count, B, 5)];
      expect(kernels.map((k) => k.simd)).toEqual([true, false, true]);
      fill(kernels, count, B, seed);
      for (const [i0, ni, j0, nj] of [
        [0, 5, 0, 12],
        [3, 4, 4, 8],
        [10, 1, 0, 12],
        [0, 2, 0, 4],
      ])
        checkBlock(kernels, { i0, ni, j0, nj }, B);
    }
  });

  it("keeps every 32-bit lane exact at the largest grid", () => {
    for (const B of [1, 8, 1000, 10_000, 100_000]) {
      const Q = quantLevels(B);
      expect(8 * Q * Q * Math.ceil(B / 8)).toBeLessThanOrEqual(2 ** 31 - 1);
      expect(2 * Q).toBeLessThanOrEqual(32767);
    }
  });

  it("refuses blocks out of range", () => {
    for (const wasm of [true, false]) {
      const k = pairKernel(5, 10, 2, wasm);
      expect(() => k.block({ i0: 0, ni: 3 }, { j0: 0, nj: 8 }, true)).toThrow(RangeError);
      expect(() => k.block({ i0: 0, ni: 1 }, { j0: 2, nj: 4 }, true)).toThrow(RangeError);
    }
  });
});

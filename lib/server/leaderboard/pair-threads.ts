// The rank intervals' pair kernel (lib/metrics/rank-intervals-kernel.ts) on several threads: at
// 10,000 systems its integer sums over every pair were 3.3 s of a 5.7 s refresh-board, on one
// core. Here each block's columns are cut into bands, one per thread, all on one shared
// WebAssembly memory: the vectors are written once, each thread's instance of the same module
// fills its band of the results, and the caller (rank-intervals.ts, unchanged) reads them as it
// would one thread's. The sums are integers, so the results are the same bits whoever computes
// them. The calling thread computes a band too and then waits (Atomics.wait) for the others: a
// block takes milliseconds, far less than handing work through messages would cost.
import os from "node:os";
import { Worker } from "node:worker_threads";
import {
  kernelLayout,
  kernelModule,
  kernelOver,
  rawBlock,
  type PairKernel,
  type RawBlock,
} from "@/lib/metrics/rank-intervals-kernel";

/** Fewer kernel rows than this: one thread (starting threads costs more than it saves). */
export const THREADED_FROM = 1_500;
/** Columns of a block below which it is not cut into bands. */
const BAND_FROM = 256;
/** A thread's slot in the control array: state, then the block's seven arguments and withMax. */
const SLOT = 16;
const IDLE = 0;
const WORK = 1;
const DONE = 2;
const QUIT = 3;

// what a helper thread runs (CommonJS, evaluated: no file to find in a bundle)
const HELPER = `
const { workerData } = require("node:worker_threads");
const { kernel, memory, control, slot } = workerData;
const inst = new WebAssembly.Instance(kernel, { env: { memory } });
const run = inst.exports.block, runSq = inst.exports.blockSq;
for (;;) {
  const state = Atomics.load(control, slot);
  if (state === ${QUIT}) break;
  // asleep until the caller hands it a band (never spinning: the caller's thread needs the core)
  if (state !== ${WORK}) {
    Atomics.wait(control, slot, state);
    continue;
  }
  const a = (i) => control[slot + 1 + i];
  (a(7) ? run : runSq)(a(0), a(1), a(2), a(3), a(4), a(5), a(6));
  Atomics.store(control, slot, ${DONE});
  Atomics.notify(control, slot);
}
`;

/** How many threads besides the caller's: one per other core, at most three. */
export function helperThreads(): number {
  return Math.max(0, Math.min(3, os.availableParallelism() - 1));
}

/**
 * A pair kernel whose blocks are computed by `helpers` threads besides the caller's; null when
 * there is no other core, the input is small, or shared WebAssembly memory is not available (the
 * caller then uses pairKernel on its own thread).
 */
export function threadedPairKernel(
  count: number,
  B: number,
  maxRows: number,
  helpers = helperThreads(),
  from = THREADED_FROM,
): PairKernel | null {
  if (helpers < 1 || count < from) return null;
  const layout = kernelLayout(count, B, maxRows);
  const kernelMod = kernelModule(layout.lanes, layout.pages);
  if (!kernelMod) return null;
  let memory: WebAssembly.Memory;
  try {
    memory = new WebAssembly.Memory({ initial: layout.pages, maximum: layout.pages, shared: true });
  } catch {
    return null;
  }
  const own = rawBlock(new WebAssembly.Instance(kernelMod, { env: { memory } }));
  const control = new Int32Array(new SharedArrayBuffer(4 * SLOT * helpers));
  const threads = Array.from({ length: helpers }, (_, k) => {
    const w = new Worker(HELPER, { eval: true, workerData: { kernel: kernelMod, memory, control, slot: k * SLOT } });
    w.unref();
    return w;
  });
  const kernel = kernelOver(memory, layout, bands(own, control, helpers, layout.lanes * 2));
  kernel.close = () => {
    for (let k = 0; k < helpers; k++) {
      Atomics.store(control, k * SLOT, QUIT);
      Atomics.notify(control, k * SLOT);
    }
    for (const t of threads) void t.terminate();
  };
  return kernel;
}

/**
 * A raw block that cuts the columns into bands of whole tiles (fours): band 0 on this thread,
 * the others on the helpers; returns when every band is done.
 */
function bands(own: RawBlock, control: Int32Array, helpers: number, stride: number): RawBlock {
  return (withMax, a, b, ni, nj, outS, outM, rowStride) => {
    if (nj < BAND_FROM) return own(withMax, a, b, ni, nj, outS, outM, rowStride);
    const tiles = nj / 4;
    const per = Math.ceil(tiles / (helpers + 1));
    const width = (k: number) => Math.max(0, Math.min(per, tiles - k * per)) * 4;
    for (let k = 1; k <= helpers; k++) {
      const w = width(k);
      if (!w) continue;
      const at = (k - 1) * SLOT;
      const c0 = k * per * 4;
      control.set([a, b + c0 * stride, ni, w, outS + 8 * c0, outM + 4 * c0, rowStride, withMax ? 1 : 0], at + 1);
      Atomics.store(control, at, WORK);
      Atomics.notify(control, at);
    }
    own(withMax, a, b, ni, width(0), outS, outM, rowStride);
    for (let k = 1; k <= helpers; k++) {
      const at = (k - 1) * SLOT;
      if (!width(k)) continue;
      while (Atomics.load(control, at) === WORK) Atomics.wait(control, at, WORK);
      Atomics.store(control, at, IDLE);
    }
  };
}

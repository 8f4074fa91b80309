// The rank intervals' pair kernel (lib/metrics/rank-intervals/kernel: pairs.wat) on several threads: at
// 10,000 systems its integer sums over every pair were 3.3 s of a 5.7 s refresh-board, on one
// core. Here each block's columns are cut into bands, one per thread, all on one shared
// WebAssembly memory: the vectors are written once, each thread's instance of the same module
// fills its band of the results, and the caller (the rank intervals, unchanged) reads them as it
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
  type BlockCall,
  type PairKernel,
  type RawBlock,
} from "@/lib/metrics/rank-intervals/kernel/kernel";

/** Fewer kernel rows than this: one thread (starting threads costs more than it saves). */
export const THREADED_FROM = 1_500;
/** A thread's slot in the control array: its state, then a block's eight arguments and withMax. */
export const SLOT = 16;
/** Columns of a block below which it is not cut into bands. */
const BAND_FROM = 256;
/**
 * How long the caller waits for a helper to take its band before doing it itself (a helper still
 * starting, or one that never will); after MISSES such waits in a row it stops handing out bands.
 */
const CLAIM_MS = 1_000;
export const MISSES = 3;
// states: the caller hands a band over (WORK); the helper takes it (BUSY), then DONE or FAILED;
// the caller takes an untaken band back (WORK → IDLE) and computes it itself
const IDLE = 0;
const WORK = 1;
const BUSY = 2;
const DONE = 3;
const FAILED = 4;
const QUIT = 5;

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
  if (state !== ${WORK} || Atomics.compareExchange(control, slot, ${WORK}, ${BUSY}) !== ${WORK}) {
    if (state !== ${WORK}) Atomics.wait(control, slot, state);
    continue;
  }
  let end = ${DONE};
  try {
    const a = (i) => control[slot + 1 + i];
    (a(8) ? run : runSq)(a(0), a(1), a(2), a(3), a(4), a(5), a(6), a(7));
  } catch {
    end = ${FAILED};
  }
  Atomics.store(control, slot, end);
  Atomics.notify(control, slot);
}
`;

/** How many threads besides the caller's: one per other core, at most three. */
export function helperThreads(): number {
  return Math.max(0, Math.min(3, os.availableParallelism() - 1));
}

/**
 * A pair kernel whose blocks are computed by `helpers` threads besides the caller's; null when
 * there is no other core, the input is small, or shared WebAssembly memory or threads are not
 * available (the caller then uses pairKernel on its own thread). A helper that fails, or never
 * starts, costs time, never a result: its band is computed by the caller.
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
  const kernelMod = kernelModule(true);
  if (!kernelMod) return null;
  const threads: Worker[] = [];
  const control = new Int32Array(new SharedArrayBuffer(4 * SLOT * helpers));
  const quit = () => {
    for (let k = 0; k < helpers; k++) {
      Atomics.store(control, k * SLOT, QUIT);
      Atomics.notify(control, k * SLOT);
    }
    for (const t of threads) void t.terminate();
  };
  try {
    const memory = new WebAssembly.Memory({ initial: layout.pages, maximum: layout.pages, shared: true });
    const own = rawBlock(new WebAssembly.Instance(kernelMod, { env: { memory } }));
    for (let k = 0; k < helpers; k++) {
      const w = new Worker(HELPER, { eval: true, workerData: { kernel: kernelMod, memory, control, slot: k * SLOT } });
      // a helper that dies says so through its slot (or not at all): the caller's waits are bounded
      w.on("error", () => undefined);
      w.unref();
      threads.push(w);
    }
    const kernel = kernelOver(memory, layout, bands(own, control, helpers));
    kernel.close = quit;
    return kernel;
  } catch {
    quit();
    return null;
  }
}

/**
 * A raw block that cuts the columns into bands of whole tiles (fours): band 0 on this thread,
 * the others handed to the helpers; returns when every band is done, by a helper or (one not
 * taken within CLAIM_MS, or failed) by this thread.
 */
export function bands(own: RawBlock, control: Int32Array, helpers: number, claimMs = CLAIM_MS): RawBlock {
  let misses = 0;
  return (call) => {
    if (call.nj < BAND_FROM || misses >= MISSES) return own(call);
    const tiles = call.nj / 4;
    const per = Math.ceil(tiles / (helpers + 1));
    const band = (k: number): BlockCall => {
      const c0 = k * per * 4;
      const nj = Math.max(0, Math.min(per, tiles - k * per)) * 4;
      return { ...call, b: call.b + c0 * call.stride, nj, outS: call.outS + 8 * c0, outM: call.outM + 4 * c0 };
    };
    for (let k = 1; k <= helpers; k++) {
      const c = band(k);
      if (!c.nj) continue;
      const at = (k - 1) * SLOT;
      control.set([c.a, c.b, c.ni, c.nj, c.outS, c.outM, c.rowStride, c.stride, c.withMax ? 1 : 0], at + 1);
      Atomics.store(control, at, WORK);
      Atomics.notify(control, at);
    }
    own(band(0));
    for (let k = 1; k <= helpers; k++) {
      const c = band(k);
      if (!c.nj) continue;
      const at = (k - 1) * SLOT;
      const deadline = Date.now() + claimMs;
      let state = Atomics.load(control, at);
      while (state === WORK && Date.now() < deadline) {
        Atomics.wait(control, at, WORK, deadline - Date.now());
        state = Atomics.load(control, at);
      }
      // not taken in time: taken back (unless the helper took it just now)
      if (state === WORK && Atomics.compareExchange(control, at, WORK, IDLE) === WORK) {
        misses++;
        own(c);
        continue;
      }
      while ((state = Atomics.load(control, at)) === BUSY) Atomics.wait(control, at, BUSY);
      Atomics.store(control, at, IDLE);
      if (state !== FAILED) misses = 0;
      else {
        misses++;
        own(c);
      }
    }
  };
}

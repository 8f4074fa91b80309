// The one O(N²·B) loop left in the rank intervals (../simultaneous.ts), made cheap: for pairs of
// systems whose centred bootstrap replicates were rounded to a common grid of small integers
// (q = round(c / h)), the sum of squared differences Σ_r (q_i[r] − q_j[r])² and the largest
// |q_i[r] − q_j[r]|, exactly, in integer arithmetic. The rank intervals turn them into guaranteed
// bounds on the pair's standard error and largest studentised deviation (the rounding moves each
// difference by at most h), which decide almost every pair without its float64 dot product; the
// few that stay undecided are computed exactly there.
//
// The work is pairs.wat (WebAssembly SIMD: eight 16-bit lanes at a time, four pairs per pass over
// a row's vector), assembled from that text at install, build and test time
// (scripts/assemble-wasm.mjs → lib/generated/wasm/pair-kernel.ts). Where WebAssembly SIMD is
// unavailable the same numbers come from plain JavaScript (`jsKernel`: 5.9× slower for the whole
// computation at 1,000 submissions, measured by `npm run bench:ranks`; a fallback). kernel.test.ts
// checks both against each other and a direct reference.
import { PAIR_KERNEL_WASM, PAIR_KERNEL_WASM_SHARED } from "@/lib/generated/wasm/pair-kernel";

/** Pairs of systems, `lanes` 16-bit integers each (B rounded up to a multiple of 8, zero-padded). */
export interface PairKernel {
  /** slot k's vector is q[k·lanes … (k+1)·lanes); slots ≥ the count given stay zero */
  readonly q: Int16Array;
  readonly lanes: number;
  /** slots rounded up to a multiple of 4 (the width of a block's columns) */
  readonly slots: number;
  /**
   * Rows [i0, i0 + ni) against columns [j0, j0 + nj) (j0 and nj multiples of 4, ni ≤ maxRows):
   * `sumSq[r·nj + c]` = Σ (q_row − q_col)², and with `withMax` `maxAbs[r·nj + c]` = max |q_row − q_col|.
   */
  block(rows: { i0: number; ni: number }, cols: { j0: number; nj: number }, withMax: boolean): void;
  readonly sumSq: Float64Array;
  readonly maxAbs: Int32Array;
  readonly simd: boolean;
  /** lets the kernel's threads go, if it has any (it is not used after) */
  close?(): void;
}

/**
 * The largest |q| that keeps every 32-bit lane of the sum of squares exact: a lane adds two
 * squared differences (each ≤ (2Q)²) per 8 resamples.
 */
export function quantLevels(B: number): number {
  const chunks = Math.max(1, Math.ceil(B / 8));
  return Math.max(1, Math.min(16383, Math.floor(Math.sqrt((2 ** 31 - 1) / (8 * chunks)))));
}

const TILE = 4;

/** Where a kernel's vectors and results lie in its memory (bytes), and how many 64 KiB pages it takes. */
export interface KernelLayout {
  lanes: number;
  slots: number;
  maxRows: number;
  sOff: number;
  mOff: number;
  pages: number;
}

export function kernelLayout(count: number, B: number, maxRows: number): KernelLayout {
  const lanes = Math.max(8, Math.ceil(B / 8) * 8);
  const slots = Math.max(TILE, Math.ceil(count / TILE) * TILE);
  const qBytes = slots * lanes * 2;
  const sOff = qBytes; // multiple of 16
  const mOff = sOff + maxRows * slots * 8;
  return { lanes, slots, maxRows, sOff, mOff, pages: Math.ceil((mOff + maxRows * slots * 4 + 16) / 65536) };
}

/**
 * One call of the module's block function, by byte offsets into its memory: `ni` rows from `a`,
 * `nj` columns from `b`, vectors `stride` bytes apart; results at `outS`/`outM` with `rowStride`
 * results a row (so that several threads can each fill a band of columns of one block).
 */
export interface BlockCall {
  withMax: boolean;
  a: number;
  b: number;
  ni: number;
  nj: number;
  outS: number;
  outM: number;
  rowStride: number;
  stride: number;
}

/** The module's block function on its memory. */
export type RawBlock = (call: BlockCall) => void;

/** The raw block of a module instance. */
export function rawBlock(inst: WebAssembly.Instance): RawBlock {
  const run = inst.exports.block as (...args: number[]) => void;
  const runSq = inst.exports.blockSq as (...args: number[]) => void;
  return (c) => (c.withMax ? run : runSq)(c.a, c.b, c.ni, c.nj, c.outS, c.outM, c.rowStride, c.stride);
}

/** A kernel over a memory laid out as `layout`, whose blocks `raw` computes. */
export function kernelOver(memory: WebAssembly.Memory, layout: KernelLayout, raw: RawBlock): PairKernel {
  const { lanes, slots, maxRows, sOff, mOff } = layout;
  const stride = lanes * 2;
  return {
    q: new Int16Array(memory.buffer, 0, slots * lanes),
    lanes,
    slots,
    sumSq: new Float64Array(memory.buffer, sOff, maxRows * slots),
    maxAbs: new Int32Array(memory.buffer, mOff, maxRows * slots),
    simd: true,
    block({ i0, ni }, { j0, nj }, withMax) {
      check({ i0, ni }, { j0, nj }, layout);
      raw({ withMax, a: i0 * stride, b: j0 * stride, ni, nj, outS: sOff, outM: mOff, rowStride: nj, stride });
    },
  };
}

/**
 * A kernel for `count` vectors of B resamples and blocks of up to `maxRows` rows.
 * @param wasm false forces the JavaScript implementation (tests)
 */
export function pairKernel(count: number, B: number, maxRows: number, wasm = true): PairKernel {
  const layout = kernelLayout(count, B, maxRows);
  const mod = wasm ? kernelModule() : null;
  if (!mod) return jsKernel(layout);
  const memory = new WebAssembly.Memory({ initial: layout.pages });
  return kernelOver(memory, layout, rawBlock(new WebAssembly.Instance(mod, { env: { memory } })));
}

function check({ i0, ni }: { i0: number; ni: number }, { j0, nj }: { j0: number; nj: number }, layout: KernelLayout) {
  const { maxRows, slots } = layout;
  if (!(ni >= 1 && ni <= maxRows && i0 >= 0 && i0 + ni <= slots && j0 >= 0 && j0 + nj <= slots))
    throw new RangeError("pairKernel: block out of range");
  if (j0 % TILE || nj % TILE || nj < TILE) throw new RangeError("pairKernel: columns come in fours");
}

/** The same kernel in plain JavaScript. */
function jsKernel(layout: KernelLayout): PairKernel {
  const { lanes, slots, maxRows } = layout;
  const q = new Int16Array(slots * lanes);
  const sumSq = new Float64Array(maxRows * slots);
  const maxAbs = new Int32Array(maxRows * slots);
  return {
    q,
    lanes,
    slots,
    sumSq,
    maxAbs,
    simd: false,
    block({ i0, ni }, { j0, nj }, withMax) {
      check({ i0, ni }, { j0, nj }, layout);
      for (let r = 0; r < ni; r++)
        for (let c = 0; c < nj; c++) {
          const a = (i0 + r) * lanes;
          const b = (j0 + c) * lanes;
          sumSq[r * nj + c] = squares(q, a, b, lanes);
          if (withMax) maxAbs[r * nj + c] = largest(q, a, b, lanes);
        }
    },
  };
}

/** Σ (q[a + k] − q[b + k])², k < lanes. */
function squares(q: Int16Array, a: number, b: number, lanes: number): number {
  let s = 0;
  for (let k = 0; k < lanes; k++) {
    const d = q[a + k] - q[b + k];
    s += d * d;
  }
  return s;
}

/** max |q[a + k] − q[b + k]|, k < lanes. */
function largest(q: Int16Array, a: number, b: number, lanes: number): number {
  let m = 0;
  for (let k = 0; k < lanes; k++) {
    const d = q[a + k] - q[b + k];
    if (d > m) m = d;
    else if (-d > m) m = -d;
  }
  return m;
}

const compiled = new Map<boolean, WebAssembly.Module | null>();

/**
 * The compiled module, or null where WebAssembly SIMD (or, `shared`, shared memory) is not
 * supported. A shared one imports a shared memory of any size up to 4 GiB, which several threads'
 * instances use.
 */
export function kernelModule(shared = false): WebAssembly.Module | null {
  let mod = compiled.get(shared);
  if (mod !== undefined) return mod;
  const bytes = shared ? PAIR_KERNEL_WASM_SHARED : PAIR_KERNEL_WASM;
  try {
    mod = typeof WebAssembly === "object" && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    mod = null;
  }
  compiled.set(shared, mod);
  return mod;
}

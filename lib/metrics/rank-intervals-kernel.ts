// The one O(N²·B) loop left in the rank intervals (lib/metrics/rank-intervals.ts), made cheap:
// for pairs of systems whose centred bootstrap replicates were rounded to a common grid of small
// integers (q = round(c / h)), the sum of squared differences Σ_r (q_i[r] − q_j[r])² and the
// largest |q_i[r] − q_j[r]|, exactly, in integer arithmetic. rank-intervals.ts turns them into
// guaranteed bounds on the pair's standard error and largest studentised deviation (the rounding
// moves each difference by at most h), which decide almost every pair without its float64 dot
// product; the few that stay undecided are computed exactly there.
//
// WebAssembly SIMD does eight 16-bit lanes at a time (i16x8.sub, i32x4.dot_i16x8_s,
// i16x8.abs/max_s), four pairs per pass over one row's vector; the module (~1.5 KB, one per
// vector length) is assembled below from named opcodes rather than shipped as a binary. Where
// WebAssembly SIMD is unavailable the same numbers come from plain JavaScript (`jsKernel`, ~50×
// slower, no faster than the direct computation: a fallback; the tests check both agree exactly).

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
  block(i0: number, ni: number, j0: number, nj: number, withMax: boolean): void;
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
 * The module's block function on its memory, by byte offsets: rows from `a`, columns from `b`,
 * results at `outS`/`outM` with `rowStride` results a row (so that several threads can each fill
 * a band of columns of one block).
 */
export type RawBlock = (
  withMax: boolean,
  a: number,
  b: number,
  ni: number,
  nj: number,
  outS: number,
  outM: number,
  rowStride: number,
) => void;

/** The raw block of a module instance. */
export function rawBlock(inst: WebAssembly.Instance): RawBlock {
  const run = inst.exports.block as (...args: number[]) => void;
  const runSq = inst.exports.blockSq as (...args: number[]) => void;
  return (withMax, a, b, ni, nj, outS, outM, rowStride) => (withMax ? run : runSq)(a, b, ni, nj, outS, outM, rowStride);
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
    block(i0, ni, j0, nj, withMax) {
      check(i0, ni, j0, nj, maxRows, slots);
      raw(withMax, i0 * stride, j0 * stride, ni, nj, sOff, mOff, nj);
    },
  };
}

/**
 * A kernel for `count` vectors of B resamples and blocks of up to `maxRows` rows.
 * @param wasm false forces the JavaScript implementation (tests)
 */
export function pairKernel(count: number, B: number, maxRows: number, wasm = true): PairKernel {
  const layout = kernelLayout(count, B, maxRows);
  const mod = wasm ? kernelModule(layout.lanes) : null;
  if (!mod) return jsKernel(layout.lanes, layout.slots, maxRows);
  const memory = new WebAssembly.Memory({ initial: layout.pages });
  return kernelOver(memory, layout, rawBlock(new WebAssembly.Instance(mod, { env: { memory } })));
}

function check(i0: number, ni: number, j0: number, nj: number, maxRows: number, slots: number) {
  if (!(ni >= 1 && ni <= maxRows && i0 >= 0 && i0 + ni <= slots && j0 >= 0 && j0 + nj <= slots))
    throw new RangeError("pairKernel: block out of range");
  if (j0 % TILE || nj % TILE || nj < TILE) throw new RangeError("pairKernel: columns come in fours");
}

/** The same kernel in plain JavaScript. */
function jsKernel(lanes: number, slots: number, maxRows: number): PairKernel {
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
    block(i0, ni, j0, nj, withMax) {
      check(i0, ni, j0, nj, maxRows, slots);
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

const compiled = new Map<string, WebAssembly.Module | null>();

/**
 * The module compiled for vectors of `lanes` (its loads' offsets are constants), or null where
 * WebAssembly SIMD (or, `shared`, shared memory) is not supported. A shared one imports a shared
 * memory of any size up to 4 GiB, which several threads' instances use.
 */
export function kernelModule(lanes: number, shared = false): WebAssembly.Module | null {
  const key = `${lanes}:${shared}`;
  let mod = compiled.get(key);
  if (mod !== undefined) return mod;
  try {
    const bytes = assemble(lanes, shared);
    mod = typeof WebAssembly === "object" && WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  } catch {
    mod = null;
  }
  compiled.set(key, mod);
  return mod;
}

// --- the module, from named opcodes (WebAssembly core and SIMD specifications) ---

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(b & 0x40)) || (n === -1 && b & 0x40)) return [...out, b];
    out.push(b | 0x80);
  }
};
const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];
const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
const utf8 = (s: string) => vec([...s].map((c) => [c.charCodeAt(0)]));
const I32 = 0x7f;
const V128 = 0x7b;
const op = {
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Store: 0x36,
  f64Store: 0x39,
  i32Const: 0x41,
  i32LtU: 0x49,
  i32Add: 0x6a,
  i32Mul: 0x6c,
  i32Shl: 0x74,
  f64Add: 0xa0,
  f64ConvertI32U: 0xb8,
};
const simd = (code: number, ...imm: number[]) => [0xfd, ...uleb(code), ...imm];
const v = {
  load: (offset: number) => simd(0x00, 4, ...uleb(offset)), // v128.load align=16
  zero: simd(0x0c, ...new Array(16).fill(0)), // v128.const 0
  shuffle: (...lanes: number[]) => simd(0x0d, ...lanes), // i8x16.shuffle
  i16ExtractU: (lane: number) => simd(0x19, lane), // i16x8.extract_lane_u
  i32Extract: (lane: number) => simd(0x1b, lane), // i32x4.extract_lane
  i16Abs: simd(0x80),
  i16Sub: simd(0x91),
  i16MaxS: simd(0x98),
  i32Add: simd(0xae),
  i32Dot: simd(0xba), // i32x4.dot_i16x8_s
};
const get = (i: number) => [op.localGet, ...uleb(i)];
const set = (i: number) => [op.localSet, ...uleb(i)];
const tee = (i: number) => [op.localTee, ...uleb(i)];
const i32 = (n: number) => [op.i32Const, ...sleb(n)];

/**
 * block(a, b, ni, nj, outS, outM, rowStride): for jb = 0, 4, … < nj, for i < ni, the four pairs
 * (a + i·stride, b + (jb + t)·stride), t < 4, over the vectors' 16-byte chunks (the stride,
 * lanes·2 bytes, is a constant of the module: the four columns are loads at constant offsets from
 * one pointer; unrolling further was slower in V8: measured); results at
 * outS + 8·(i·rowStride + jb + t) (f64) and outM + 4·(…) (i32).
 */
function blockFunction(withMax: boolean, lanes: number): number[] {
  const stride = lanes * 2;
  const [a, b, ni, nj, outS, outM, rowStride] = [0, 1, 2, 3, 4, 5, 6];
  let n = 7;
  const jb = n++;
  const i = n++;
  const pa = n++;
  const pb = n++;
  const end = n++;
  const o = n++;
  const nI32 = n - 7;
  const acc = Array.from({ length: TILE }, () => n++);
  const mx = Array.from({ length: TILE }, () => n++);
  const va = n++;
  const d = n++;
  const nV128 = n - 7 - nI32;
  const code: number[] = [];
  const e = (...parts: number[][]) => parts.forEach((p) => code.push(...p));
  e(i32(0), set(jb), [op.loop, 0x40]);
  e(i32(0), set(i), [op.loop, 0x40]);
  e(get(a), get(i), i32(stride), [op.i32Mul, op.i32Add], tee(pa));
  e(i32(stride), [op.i32Add], set(end));
  e(get(b), get(jb), i32(stride), [op.i32Mul, op.i32Add], set(pb));
  for (let t = 0; t < TILE; t++) e(v.zero, set(acc[t]), ...(withMax ? [v.zero, set(mx[t])] : []));
  e([op.loop, 0x40], get(pa), v.load(0), set(va));
  for (let t = 0; t < TILE; t++) {
    e(get(va), get(pb), v.load(t * stride), v.i16Sub, tee(d));
    e(get(d), v.i32Dot, get(acc[t]), v.i32Add, set(acc[t]));
    if (withMax) e(get(d), v.i16Abs, get(mx[t]), v.i16MaxS, set(mx[t]));
  }
  e(get(pb), i32(16), [op.i32Add], set(pb));
  e(get(pa), i32(16), [op.i32Add], tee(pa), get(end), [op.i32LtU, op.brIf, 0, op.end]);
  e(get(i), get(rowStride), [op.i32Mul], get(jb), [op.i32Add], set(o));
  for (let t = 0; t < TILE; t++) {
    e(get(outS), get(o), i32(t), [op.i32Add], i32(3), [op.i32Shl, op.i32Add]);
    e(get(acc[t]), v.i32Extract(0), [op.f64ConvertI32U]);
    for (let lane = 1; lane < 4; lane++) e(get(acc[t]), v.i32Extract(lane), [op.f64ConvertI32U, op.f64Add]);
    e([op.f64Store, 3, 0]);
    if (!withMax) continue;
    const m = mx[t];
    // fold the eight 16-bit lanes: halves, quarters, eighths
    e(get(m), get(m), get(m), v.shuffle(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7), v.i16MaxS, set(m));
    e(get(m), get(m), get(m), v.shuffle(4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3), v.i16MaxS, set(m));
    e(get(m), get(m), get(m), v.shuffle(2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1), v.i16MaxS, set(m));
    e(get(outM), get(o), i32(t), [op.i32Add], i32(2), [op.i32Shl, op.i32Add]);
    e(get(m), v.i16ExtractU(0), [op.i32Store, 2, 0]);
  }
  e(get(i), i32(1), [op.i32Add], tee(i), get(ni), [op.i32LtU, op.brIf, 0, op.end]);
  e(get(jb), i32(TILE), [op.i32Add], tee(jb), get(nj), [op.i32LtU, op.brIf, 0, op.end]);
  e([op.end]);
  return [
    ...vec([
      [...uleb(nI32), I32],
      [...uleb(nV128), V128],
    ]),
    ...code,
  ];
}

function assemble(lanes: number, shared: boolean): Uint8Array<ArrayBuffer> {
  const withMax = blockFunction(true, lanes);
  const sqOnly = blockFunction(false, lanes);
  // memory limits: at least one page; shared ones need a maximum (flags 3): 65,536 pages, 4 GiB
  const limits = shared ? [0x03, ...uleb(1), ...uleb(65536)] : [0x00, ...uleb(1)];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec([[0x60, ...vec(new Array(7).fill([I32])), 0]])), // type: (i32 × 7) → ()
    ...section(2, vec([[...utf8("env"), ...utf8("memory"), 0x02, ...limits]])), // import memory
    ...section(3, vec([[0], [0]])), // two functions of type 0
    ...section(
      7,
      vec([
        [...utf8("block"), 0x00, 0],
        [...utf8("blockSq"), 0x00, 1],
      ]),
    ),
    ...section(
      10,
      vec([
        [...uleb(withMax.length), ...withMax],
        [...uleb(sqOnly.length), ...sqOnly],
      ]),
    ),
  ]);
}

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * One resample's systems in ascending order of their values (IEEE order; the caller has turned
 * NaN into −∞ and −0 into 0): a least-significant-digit radix sort of the high 32 bits of their
 * sortable keys, 11 bits a pass (a digit shared by all is skipped), then each run of equal high
 * bits ordered by the low bits (mostly ties already: nothing to do). Returns the order; the sorted
 * high keys are left in `buf.sortedHi`, the low keys by system in `buf.lo`.
 */
export function resampleOrder(bits: Uint32Array, base: number, n: number, buf: RadixBuffers): Uint32Array {
  radixKeys(bits, base, n, buf);
  let [kh, ix, th, tx] = [buf.hi, buf.order, buf.hi2, buf.order2];
  for (let pass = 0; pass < 3; pass++) {
    const off = pass * 2048;
    const shift = pass * 11;
    if (buf.count[off + ((kh[0] >>> shift) & 0x7ff)] === n) continue; // one digit for all
    radixPass({ count: buf.count, off, shift }, n, { keys: kh, index: ix }, { keys: th, index: tx });
    [kh, ix, th, tx] = [th, tx, kh, ix];
  }
  for (let s = 0; s < n;) {
    let e = s + 1;
    while (e < n && kh[e] === kh[s]) e++;
    if (e - s > 1) orderRun(ix, buf.lo, s, e);
    s = e;
  }
  buf.sortedHi = kh;
  return ix;
}

/** The sortable keys (negative numbers: all bits flipped; others: the sign bit set) and the high digits' histograms. */
function radixKeys(bits: Uint32Array, base: number, n: number, buf: RadixBuffers) {
  const lo = LITTLE_ENDIAN ? 0 : 1;
  const { hi: kh, lo: kl, order: ix, count } = buf;
  count.fill(0);
  for (let k = 0; k < n; k++) {
    let h = bits[2 * (base + k) + 1 - lo];
    let l = bits[2 * (base + k) + lo];
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    kh[k] = h;
    kl[k] = l;
    ix[k] = k;
    count[h & 0x7ff]++;
    count[2048 + ((h >>> 11) & 0x7ff)]++;
    count[4096 + (h >>> 22)]++;
  }
}

/** One stable pass on the digit at `shift` (histogram at `off`): keys and indices moved together. */
function radixPass(
  digit: { count: Uint32Array; off: number; shift: number },
  n: number,
  from: { keys: Uint32Array; index: Uint32Array },
  to: { keys: Uint32Array; index: Uint32Array },
) {
  const { count, off, shift } = digit;
  const { keys: kh, index: ix } = from;
  const { keys: th, index: tx } = to;
  let sum = 0;
  for (let d = off; d < off + 2048; d++) {
    const c = count[d];
    count[d] = sum;
    sum += c;
  }
  for (let k = 0; k < n; k++) {
    const at = count[off + ((kh[k] >>> shift) & 0x7ff)]++;
    th[at] = kh[k];
    tx[at] = ix[k];
  }
}

/** Orders ix[s..e) (equal high bits) by their low bits. */
function orderRun(ix: Uint32Array, lo: Uint32Array, s: number, e: number) {
  let sorted = true;
  for (let j = s + 1; j < e && sorted; j++) sorted = lo[ix[j]] >= lo[ix[j - 1]];
  if (sorted) return;
  if (e - s > 32) {
    ix.set(
      Array.from(ix.subarray(s, e)).sort((a, b) => lo[a] - lo[b]),
      s,
    );
    return;
  }
  for (let j = s + 1; j < e; j++) {
    const x = ix[j];
    let t = j;
    while (t > s && lo[ix[t - 1]] > lo[x]) {
      ix[t] = ix[t - 1];
      t--;
    }
    ix[t] = x;
  }
}

export interface RadixBuffers {
  hi: Uint32Array;
  lo: Uint32Array;
  order: Uint32Array;
  hi2: Uint32Array;
  order2: Uint32Array;
  count: Uint32Array;
  sortedHi: Uint32Array;
}

export function radixBuffers(n: number): RadixBuffers {
  const hi = new Uint32Array(n);
  return {
    hi,
    lo: new Uint32Array(n),
    order: new Uint32Array(n),
    hi2: new Uint32Array(n),
    order2: new Uint32Array(n),
    count: new Uint32Array(3 * 2048),
    sortedHi: hi,
  };
}

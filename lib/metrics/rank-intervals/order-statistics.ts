/** Competition ranks, higher is better, NaN last (shared rank among NaN). */
export function competitionRanks(values: ArrayLike<number>): Int32Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i);
  const key = (i: number) => (Number.isNaN(values[i]) ? -Infinity : values[i]);
  order.sort((a, b) => key(b) - key(a) || a - b);
  const ranks = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    ranks[i] = k > 0 && key(order[k - 1]) === key(i) ? ranks[order[k - 1]] : k + 1;
  }
  return ranks;
}

/** x sorted ascending at numpy's quantile(q, method="lower"|"higher"). */
export function quantileIndex(n: number, q: number, method: "lower" | "higher"): number {
  const h = q * (n - 1);
  return method === "lower" ? Math.floor(h + 1e-9) : Math.ceil(h - 1e-9);
}

/**
 * The k-th smallest of a (0-based; undefined when out of range, as an index past the end would
 * give) without sorting it: the k + 1 smallest (or B − k largest) kept in order while scanning.
 */
export function nthSmallest(a: Uint16Array | Int32Array, k: number, keep: Int32Array): number {
  const n = a.length;
  if (!(k >= 0 && k < n)) return a[k];
  const fromTop = k >= n / 2;
  const size = fromTop ? n - k : k + 1; // the answer is the last kept
  const sign = fromTop ? -1 : 1;
  let len = 0;
  for (let t = 0; t < n; t++) {
    const x = sign * a[t];
    if (len === size && x >= keep[len - 1]) continue;
    let j = len < size ? len++ : len - 1;
    while (j > 0 && keep[j - 1] > x) {
      keep[j] = keep[j - 1];
      j--;
    }
    keep[j] = x;
  }
  return sign * keep[size - 1];
}

/** The k-th smallest of a (reordering it; undefined when there is none, as an index past the end would give). */
function orderStatistic(a: Float64Array, k: number): number {
  if (!(k >= 0 && k < a.length)) return a[k];
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    // Hoare partition around the median of three
    const mid = (lo + hi) >>> 1;
    const [x, y, z] = [a[lo], a[mid], a[hi]];
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** The k-th smallest of x (0-based; undefined past the end, as the direct code's index would give). */
export function kth(x: Float64Array, k: number): number {
  return orderStatistic(Float64Array.from(x), k);
}

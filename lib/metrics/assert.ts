/** Shared input checks: the library throws on empty or mismatched input. */
export function assertNonEmpty(name: string, xs: ArrayLike<unknown>): void {
  if (xs.length === 0) throw new RangeError(`${name}: empty input`);
}

export function assertSameLength(name: string, a: ArrayLike<unknown>, b: ArrayLike<unknown>): void {
  if (a.length !== b.length) throw new RangeError(`${name}: length mismatch (${a.length} vs ${b.length})`);
}

export function assertBinary(name: string, xs: ArrayLike<number>): void {
  for (let i = 0; i < xs.length; i++) {
    if (xs[i] !== 0 && xs[i] !== 1) throw new RangeError(`${name}: value at ${i} is ${xs[i]}, expected 0 or 1`);
  }
}

/** a / b, or 0 when b is 0 (scikit-learn's zero_division=0). */
export function safeDivide(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

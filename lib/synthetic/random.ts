import { seededRandom } from "@/lib/metrics";

/** A seeded random source with the few distributions the generators need. */
export class Rng {
  private next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  uniform(a = 0, b = 1): number {
    return a + (b - a) * this.next();
  }
  bernoulli(p: number): boolean {
    return this.next() < p;
  }
  int(a: number, b: number): number {
    return a + Math.floor(this.next() * (b - a + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  /** index drawn with the given weights */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }
  normal(mu = 0, sigma = 1): number {
    const u = 1 - this.next();
    const v = this.next();
    return mu + sigma * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma));
  }
  /** Beta(a, b) via two gammas (Marsaglia–Tsang), a, b ≥ 1 */
  beta(a: number, b: number): number {
    const x = this.gamma(a);
    return x / (x + this.gamma(b));
  }
  private gamma(k: number): number {
    const d = k - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = this.normal();
      const v = (1 + c * x) ** 3;
      if (v <= 0) continue;
      if (Math.log(1 - this.next()) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  }
}

const WORDS = (
  "the a when error fails crash returns wrong value after calling function method class module test expected actual " +
  "behavior should would config file path option parameter default missing raises exception traceback version update " +
  "user data list dict index key string number format output input request response timeout cache thread lock"
).split(" ");

/** Filler prose of n words (issue texts, descriptions). */
export function words(rng: Rng, n: number): string {
  return Array.from({ length: n }, () => rng.pick(WORDS)).join(" ");
}

export const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

import type { PairKernel } from "./kernel/kernel";

/** A pair kernel for `count` vectors of B resamples and blocks of up to `maxRows` rows (null: use pairKernel). */
export type KernelFactory = (count: number, B: number, maxRows: number) => PairKernel | null;

/** One system's ranks: observed (competition), marginal 95% interval, simultaneous 95% interval. */
export interface RankInterval {
  rank: number;
  lo: number;
  hi: number;
  simLo: number;
  simHi: number;
}

export interface RankIntervals {
  rows: RankInterval[];
  /** the max-T critical value c (NaN when fewer than two systems have a defined difference) */
  critical: number;
  resamples: number;
  /** wins[i] = the systems i significantly beats (simultaneous), as indices; each row is built when first read */
  beats: number[][];
}

/** How the pairs were decided (figures for benchmarks and tests). */
export interface RankIntervalCounts {
  /** pairs with a finite difference of points */
  pairs: number;
  /** pairs scanned in float64 for the critical value (the rest were bounded away) */
  exactScans: number;
  /** pairs whose verdict needed their float64 standard error */
  exactVerdicts: number;
  /** pairs involving a system with an undefined replicate (always computed directly, twice) */
  undefinedPairs: number;
  /** pairs whose verdict waited, with its bounds, for the critical value (the rest were settled in pass 1) */
  pending: number;
}

export interface RankIntervalOptions {
  /** false: the JavaScript kernel instead of WebAssembly SIMD (tests) */
  simd?: boolean;
  /**
   * Makes the pair kernel (default: pairKernel, on this thread); the server's spreads each block's
   * columns over threads (lib/server/leaderboard/pair-threads.ts). Its sums are the same integers.
   */
  kernel?: KernelFactory;
  /** filled in with how the pairs were decided */
  counts?: RankIntervalCounts;
}

import { describe, expect, it } from "vitest";
import { fmFromRows } from "./fm-from-rows";
import {
  bootstrapIndices,
  bootstrapInterval,
  bootstrapReplicates,
  intervalFromReplicates,
  pairedBootstrapDifference,
  pairedIntervalFromReplicates,
  seededRandom,
} from "./index";

/** A seeded random bouncer: truth and decisions with some agreement. */
function system(n: number, seed: number, skill: number) {
  const r = seededRandom(seed);
  const truth = Array.from({ length: n }, (_, i) => (seededRandom(7 + i)() < 0.35 ? 1 : 0));
  return truth.map((t) => [t, r() < skill ? t : 1 - t]);
}

const fmOn = (rows: number[][]) => (ix: Int32Array) => fmFromRows(Array.from(ix, (i) => rows[i]));

describe("bootstrapIndices", () => {
  it("draws exactly the indices bootstrapInterval draws (same PRNG order)", () => {
    const n = 37;
    const seen: number[] = [];
    bootstrapInterval(n, (ix) => (seen.push(...ix), 0), { resamples: 50, seed: 99 });
    expect(Array.from(bootstrapIndices(n, 50, 99))).toEqual(seen);
  });
  it("throws on n < 1", () => expect(() => bootstrapIndices(0)).toThrow(RangeError));
});

describe("intervalFromReplicates ≡ bootstrapInterval", () => {
  it.each([
    [1699, 1, 0.8],
    [40, 5, 0.9],
  ])("n=%i: the interval of a score from its replicates, to the last bit", (n, seed, skill) => {
    const rows = system(n, seed, skill);
    const direct = bootstrapInterval(n, fmOn(rows));
    expect(intervalFromReplicates(bootstrapReplicates(n, fmOn(rows), bootstrapIndices(n)))).toEqual(direct);
  });
  it("throws when no replicate is defined", () => expect(() => intervalFromReplicates([NaN, NaN])).toThrow(RangeError));
});

describe("pairedIntervalFromReplicates ≡ pairedBootstrapDifference", () => {
  it.each([
    [1699, 1, 2, 0.8, 0.75],
    [642, 3, 4, 0.7, 0.7],
    [40, 5, 6, 0.9, 0.6],
    [200, 8, 9, 0.55, 0.5],
  ])("n=%i: stored replicates give the same interval to the last bit", (n, sa, sb, ka, kb) => {
    const a = system(n, sa, ka);
    const b = system(n, sb, kb);
    const direct = pairedBootstrapDifference(n, fmOn(a), fmOn(b));
    const ix = bootstrapIndices(n);
    const ra = bootstrapReplicates(n, fmOn(a), ix);
    const rb = bootstrapReplicates(n, fmOn(b), ix);
    const stored = pairedIntervalFromReplicates(
      ra,
      rb,
      fmOn(a)(Int32Array.from({ length: n }, (_, i) => i)) - fmOn(b)(Int32Array.from({ length: n }, (_, i) => i)),
    );
    expect(stored).toEqual(direct);
  });

  it("skips resamples where either statistic is undefined, as the direct bootstrap does", () => {
    const n = 6;
    const stat = (k: number) => (ix: Int32Array) => (ix[0] === k ? null : ix.reduce((s, i) => s + i, 0) / n);
    const direct = pairedBootstrapDifference(n, stat(0), stat(1), { resamples: 200 });
    const ix = bootstrapIndices(n, 200);
    const stored = pairedIntervalFromReplicates(
      bootstrapReplicates(n, stat(0), ix),
      bootstrapReplicates(n, stat(1), ix),
      direct.difference,
    );
    expect(stored).toEqual(direct);
  });

  it("throws on vectors of different lengths or with no common defined resample", () => {
    expect(() => pairedIntervalFromReplicates(new Float64Array(3), new Float64Array(4), 0)).toThrow(RangeError);
    expect(() => pairedIntervalFromReplicates(Float64Array.of(NaN), Float64Array.of(1), 0)).toThrow(RangeError);
  });
});

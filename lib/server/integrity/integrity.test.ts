import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  compareOutcomes,
  comparePairs,
  estimatedContainment,
  fingerprintPredictions,
  sketchJaccard,
  u32,
  bytesOf,
} from "./fingerprint";
import { nearDuplicate, probing, traceOverlap, trivialOutcomes, truthReason } from "./reasons";
import { publicShingles, sketchTexts, traceText, TEXT_SKETCH_K } from "./text";
import { fold, truthInTrace, truthMatch, truthProbe } from "./truth";
import { holdingReasons, holdWords, tellable } from "./hold";
import type { StoredReason } from "./reasons";

const ids = Array.from({ length: 400 }, (_, i) => `owner__repo-${1000 + i}`);
const preds = (flip: (i: number) => boolean, extra: (i: number) => Record<string, unknown> = () => ({})) =>
  ids.map((id, i) => ({ external_id: id, data: { bounce: (i % 3 === 0) !== flip(i), ...extra(i) } }));

describe("fingerprints", () => {
  it("canonical JSON ignores key order", () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }));
  });
  it("compare: 3 of 400 changed is 99.25% identical, traces ignored, round trip through bytes", () => {
    const a = fingerprintPredictions(
      preds(
        () => false,
        (i) => ({ trace: `a${i}` }),
      ),
      ["trace"],
    );
    const b = fingerprintPredictions(
      preds(
        (i) => i < 3,
        (i) => ({ trace: `b${i}` }),
      ),
      ["trace"],
    );
    const r = comparePairs(a.pairs, u32(bytesOf(b.pairs)));
    expect(r).toMatchObject({ shared: 400, same: 397, onlyOne: 0 });
    expect(r.agreement).toBeCloseTo(0.9925, 10);
    expect(r.kappa).toBeGreaterThan(0.98);
    expect(estimatedContainment(a, b)).toBeGreaterThan(0.9);
  });
  it("two constant policies agree by chance only: κ = 0", () => {
    const a = fingerprintPredictions(
      ids.map((id) => ({ external_id: id, data: { bounce: false } })),
      [],
    );
    expect(comparePairs(a.pairs, a.pairs)).toMatchObject({ agreement: 1, kappa: 0 });
  });
  it("independent predictions: low containment, low agreement", () => {
    const a = fingerprintPredictions(
      preds(() => false),
      [],
    );
    const b = fingerprintPredictions(
      preds((i) => (i * 7919) % 2 === 0),
      [],
    );
    expect(comparePairs(a.pairs, b.pairs).agreement).toBeCloseTo(0.5, 1);
    expect(estimatedContainment(a, b)).toBeLessThan(0.6);
  });
  it("outcome bitsets: shared, same and κ", () => {
    // 16 instances, both cover all; right bits differ in one
    const a = new Uint8Array([0xff, 0xff, 0b10101010, 0b01010101]);
    const b = new Uint8Array([0xff, 0xff, 0b10101011, 0b01010101]);
    const r = compareOutcomes(a, b)!;
    expect(r).toMatchObject({ shared: 16, same: 15, onlyOne: 0 });
    expect(compareOutcomes(a, new Uint8Array(2))).toBeNull();
  });
  it("bottom-k Jaccard of identical and disjoint sets", () => {
    const x = Uint32Array.from([1, 2, 3, 4]);
    expect(sketchJaccard(x, x, 4)).toBe(1);
    expect(sketchJaccard(x, Uint32Array.from([5, 6, 7, 8]), 4)).toBe(0);
  });
});

describe("checks", () => {
  it("near-duplicate by predictions past 99% and κ 0.9; not at 98%", () => {
    const a = fingerprintPredictions(
      preds(() => false),
      [],
    );
    const copy = fingerprintPredictions(
      preds((i) => i < 3),
      [],
    );
    const far = fingerprintPredictions(
      preds((i) => i < 8),
      [],
    );
    const other = { id: "00000000-0000-4000-8000-000000000001", outcomes: null, textSketch: null, textShingles: 0 };
    expect(nearDuplicate({ pairs: a.pairs, outcomes: null }, { ...other, pairs: copy.pairs })).toMatchObject({
      kind: "near-duplicate",
      by: "predictions",
      shared: 400,
    });
    expect(nearDuplicate({ pairs: a.pairs, outcomes: null }, { ...other, pairs: far.pairs })).toBeNull();
  });
  it("one trivial policy twice (accept everything) is no near-duplicate, though the truth makes its outcomes equal", () => {
    const accept = fingerprintPredictions(
      ids.map((id) => ({ external_id: id, data: { bounce: false } })),
      [],
    );
    // outcomes: every instance covered, right where the truth says accept (every third bounces)
    const outcomes = new Uint8Array(100);
    for (let i = 0; i < 400; i++) {
      outcomes[i >> 3] |= 1 << (i & 7);
      if (i % 3 !== 0) outcomes[50 + (i >> 3)] |= 1 << (i & 7);
    }
    const other = { id: "00000000-0000-4000-8000-000000000001", textSketch: null, textShingles: 0 };
    expect(nearDuplicate({ pairs: accept.pairs, outcomes }, { ...other, pairs: accept.pairs, outcomes })).toBeNull();
    // the same outcomes from different predictions (a copy with its scores rescaled) still are one
    const rescaled = fingerprintPredictions(
      ids.map((id, i) => ({ external_id: id, data: { bounce: false, score: i / 1000 } })),
      [],
    );
    expect(
      nearDuplicate({ pairs: rescaled.pairs, outcomes }, { ...other, pairs: accept.pairs, outcomes }),
    ).toMatchObject({ by: "outcomes", similarity: 1 });
  });
  it("outcomes an 'accept everything' baseline has too are a trivial policy's, and not compared", () => {
    // 100 instances: truth bounces every tenth; "accept all" is right on the other 90
    const bitsOf = (right: (i: number) => boolean, covered = (i: number) => i < 100) => {
      const b = new Uint8Array(26);
      for (let i = 0; i < 100; i++) {
        if (covered(i)) b[i >> 3] |= 1 << (i & 7);
        if (covered(i) && right(i)) b[13 + (i >> 3)] |= 1 << (i & 7);
      }
      return b;
    };
    const acceptAll = bitsOf((i) => i % 10 !== 0);
    const mostlyAccepting = bitsOf((i) => i % 10 !== 0 || i === 50); // bounces one issue rightly
    const ownSystem = bitsOf((i) => i % 10 === 0 || i % 3 === 0);
    expect(trivialOutcomes(mostlyAccepting, [null, acceptAll])).toBe(true);
    expect(trivialOutcomes(ownSystem, [acceptAll])).toBe(false);
    expect(trivialOutcomes(ownSystem, [])).toBe(false);
  });
  it("probing: three consecutive 1–3 instance steps, this one included", () => {
    const step = (n: number) =>
      fingerprintPredictions(
        preds((i) => i < n),
        [],
      ).pairs;
    expect(probing([step(0), step(1), step(2), step(3)])).toMatchObject({ kind: "probing", steps: 3, lastDiff: 1 });
    expect(probing([step(0), step(1), step(2)])).toBeNull();
    expect(probing([step(0), step(1), step(2), step(3), step(40)])).toBeNull();
  });
  it("truth-in-trace needs 3 instances", () => {
    expect(truthReason([{ id: "a", found: "link" }])).toBeNull();
    expect(
      truthReason([
        { id: "a", found: "link" },
        { id: "b", found: "text" },
        { id: "c", found: "link" },
      ]),
    ).toMatchObject({ instances: 3, found: ["link", "text"] });
  });
});

describe("text sketches", () => {
  const words = (seed: number, n: number) =>
    Array.from({ length: n }, (_, i) => `w${(seed * 7919 + i * 104729) % 100003}`).join(" ");
  it("copies overlap, different texts do not; boilerplate is dropped", () => {
    const boiler = "you are a helpful assistant that decides whether the issue is well specified or not";
    const a = Array.from({ length: 200 }, (_, i) => ({ id: `x-${i}`, text: `${boiler} ${words(i, 60)}` }));
    const b = Array.from({ length: 200 }, (_, i) => ({ id: `x-${i}`, text: `${boiler} ${words(i + 1000, 60)}` }));
    const sa = sketchTexts(a);
    const sb = sketchTexts(b);
    expect(sa.sketch.length).toBe(TEXT_SKETCH_K);
    const other = (s: typeof sb) => ({
      id: "00000000-0000-4000-8000-000000000002",
      pairs: null,
      outcomes: null,
      textSketch: s.sketch,
      textShingles: s.shingles,
    });
    expect(traceOverlap({ textSketch: sa.sketch, textShingles: sa.shingles }, other(sa))).toMatchObject({
      similarity: 1,
    });
    expect(traceOverlap({ textSketch: sa.sketch, textShingles: sa.shingles }, other(sb))).toBeNull();
  });
  it("a template that only names the instance, or quotes its public text, is no overlap", () => {
    const template = Array.from({ length: 200 }, (_, i) => ({
      id: `syn-output-${i}`,
      text: `synthetic judgment of syn-output-${i}`,
    }));
    expect(sketchTexts(template).shingles).toBe(0);
    const issue = (i: number) => `the ${words(i, 80)} issue`;
    const quoting = Array.from({ length: 200 }, (_, i) => ({
      id: `x-${i}`,
      text: `I read: ${issue(i)}`,
      quoted: publicShingles(issue(i)),
    }));
    // what is left are the few shingles across "I read:" and the quote
    const all = sketchTexts(quoting.map(({ id, text }) => ({ id, text }))).shingles;
    expect(sketchTexts(quoting).shingles).toBeLessThan(all * 0.05);
  });
  it("reads the string leaves of the given fields only", () => {
    expect(traceText({ trace: [{ role: "user", content: "hi" }, "there"], label: "VAGUE" }, ["trace"])).toBe(
      "user\nhi\nthere",
    );
  });
});

describe("truth in traces", () => {
  const instance = {
    externalId: "astropy__astropy-12907",
    truth: {
      bounce: true,
      notes: "The issue does not say which separability matrix is expected for nested compound models at all.",
      developer_patch:
        "@@ -1,2 +1,2 @@\n-    return old_value_of_the_thing\n+    return compute_the_separability_matrix(model)\n",
    },
    metadata: { problem_statement: "separability_matrix does not compute separability correctly" },
  };
  const probe = truthProbe(instance);
  it("finds the answer's pull request, a truth sentence, an added line", () => {
    expect(truthInTrace(fold("see https://github.com/astropy/astropy/pull/12907 for the fix"), "", probe)).toBe("link");
    expect(truthInTrace(fold("see github.com/astropy/astropy/pull/129070"), "", probe)).toBeNull();
    expect(
      truthInTrace(
        fold("Note: the issue does not say which separability matrix is expected for nested compound models at all."),
        "",
        probe,
      ),
    ).toBe("text");
    expect(truthInTrace(fold("I will write: return compute_the_separability_matrix(model)"), "", probe)).toBe("text");
    expect(truthInTrace(fold("from huggingface.co/datasets/princeton-nlp/SWE-bench_Verified"), "", probe)).toBe(
      "source",
    );
  });
  it("not what the metadata shows, nor what the prediction's own answer holds", () => {
    expect(truthInTrace(fold("separability_matrix does not compute separability correctly"), "", probe)).toBeNull();
    const line = fold("return compute_the_separability_matrix(model)");
    expect(truthInTrace(line, line, probe)).toBeNull();
  });
});

describe("truth reproduced", () => {
  /** Outcome bits of n instances: the first `covered` covered, the first `right` of them right. */
  const bits = (n: number, covered: number, right: number) => {
    const half = (n + 7) >> 3;
    const b = new Uint8Array(2 * half);
    for (let i = 0; i < covered; i++) b[i >> 3] |= 1 << (i & 7);
    for (let i = 0; i < right; i++) b[half + (i >> 3)] |= 1 << (i & 7);
    return b;
  };
  it.each([
    // n, covered, right, the best baseline's share right, flagged
    [1699, 1699, 1699, 0.617, true],
    [1699, 1699, 1615, 0.617, true], // 95.06%
    [1699, 1699, 1614, 0.617, false], // 94.99%
    [1699, 1699, 1112, 0.617, false], // gpt-4.1: 65.5%
    [60, 60, 60, 0, true],
    [49, 49, 49, 0, false], // too few to tell
    [1699, 100, 100, 0.617, false], // partial: never ranked by default
    [100, 100, 96, 0.94, false], // a trivial policy is right on 94: 96 is no evidence
    [100, 100, 97, 0.94, true], // half of what it gets wrong
  ])("%i instances, %i covered, %i right, baseline %f: %s", (n, covered, right, floor, flagged) => {
    const r = truthMatch(bits(n, covered, right), n, floor);
    expect(r === null ? false : r).toEqual(flagged ? { kind: "truth-match", covered, right } : false);
  });
  it("no bits, no reason", () => expect(truthMatch(null, 10)).toBeNull());
});

describe("what a team is told, what holds", () => {
  const pub = "00000000-0000-4000-8000-00000000000a";
  const priv = "00000000-0000-4000-8000-00000000000b";
  const isPublic = (id: string) => id === pub;
  const dup = (id: string, by: "predictions" | "outcomes"): StoredReason => ({
    kind: "near-duplicate",
    submissionId: id,
    similarity: 0.999,
    shared: 1699,
    predictions: 0.999,
    outcomes: 0.999,
    by,
  });
  const match: StoredReason = { kind: "truth-match", covered: 1699, right: 1699 };
  const trace: StoredReason = { kind: "truth-in-trace", instances: 3, examples: ["a"], found: ["link"] };
  const probe: StoredReason = { kind: "probing", steps: 3, lastDiff: 1, uploads: 4 };
  it.each([
    // reason, on a hidden release, told to a team, holds a public upload
    ["a copy of a public one", dup(pub, "predictions"), false, true, true],
    ["a copy of a private one", dup(priv, "predictions"), false, false, false],
    ["the same outcomes as a public one, public release", dup(pub, "outcomes"), false, true, true],
    ["the same outcomes as a public one, hidden release", dup(pub, "outcomes"), true, false, false],
    ["the same predictions as a public one, hidden release", dup(pub, "predictions"), true, true, true],
    ["the truth reproduced, public release", match, false, true, true],
    ["the truth reproduced, hidden release", match, true, false, false],
    ["the truth in traces, public release", trace, false, true, false],
    ["the truth in traces, hidden release", trace, true, false, false],
    ["probing (its own uploads)", probe, true, true, false],
  ] as const)("%s", (_, r, hidden, told, holds) => {
    expect(tellable(r, hidden, isPublic)).toBe(told);
    expect(holdingReasons([r], hidden, isPublic).length > 0).toBe(holds);
  });
  it("the public words name the kind of cause, never a figure or another submission", () => {
    const words = holdWords([dup(pub, "predictions"), match]);
    expect(words).toMatch(/^held for review: the integrity audit found it nearly identical/);
    expect(words).not.toMatch(/\d|00000000/);
  });
});

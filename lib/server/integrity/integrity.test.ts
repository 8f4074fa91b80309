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
import { nearDuplicate, probing, traceOverlap, truthReason } from "./reasons";
import { publicShingles, sketchTexts, traceText, TEXT_SKETCH_K } from "./text";
import { fold, truthInTrace, truthProbe } from "./truth";

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

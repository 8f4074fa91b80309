// Slices of one truth class read as the paper reads them (issue 33): on a label or a failure
// type every instance should be bounced (or none should), so F_m is capped at 0.5 there and says
// nothing; the paper reads the share bounced — R_b on should-bounce slices, FNR_a on the others.
import { describe, expect, it } from "vitest";
import { computeBreakdowns } from "@/lib/tasks/shared/breakdowns";
import { binaryAbstention } from "./index";

// 12 tickets: label 0..3 three each; the bouncer bounces (by hand) the ones marked b
const rows = ["..b", ".bb", "b..", "bb."].flatMap((marks, q) => [...marks].map((m) => ({ q, b: m === "b" })));
const input = { side: "input" };

describe("slice headline (binary abstention)", () => {
  const instances = rows.map((r, i) => {
    const p = binaryAbstention.parseReleaseRow({ instance_id: `owner__repo-${i}`, input_quality: r.q }, input);
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    return p.value;
  });
  const predictions = new Map(rows.map((r, i) => [instances[i].externalId, { bounce: r.b }]));
  const label = computeBreakdowns(binaryAbstention, input, instances, predictions).label;

  it("a should-bounce label reads R_b, a should-accept label FNR_a — each the share bounced, by hand", () => {
    const by = Object.fromEntries(label.map((s) => [s.value, s]));
    // labels 2 and 3 should be bounced: 1 of 3 and 2 of 3 were
    expect(Object.values(by).filter((s) => s.headline?.key === "R_b")).toHaveLength(2);
    const r = (k: string) => by[k].headline!;
    const should = label.filter((s) => s.headline?.key === "R_b").map((s) => s.headline!.value);
    expect(should.sort()).toEqual([1 / 3, 2 / 3]);
    // labels 0 and 1 should be accepted: 1 of 3 and 2 of 3 were wrongly bounced
    const wrongly = label.filter((s) => s.headline?.key === "FNR_a").map((s) => s.headline!.value);
    expect(wrongly.sort()).toEqual([1 / 3, 2 / 3]);
    for (const s of label) {
      expect(s.headline).toBeDefined();
      expect(r(s.value).ci).not.toBeNull();
      expect(r(s.value).ci!.lo).toBeLessThanOrEqual(r(s.value).value!);
      expect(r(s.value).ci!.hi).toBeGreaterThanOrEqual(r(s.value).value!);
      // the metric the score itself reports on the slice agrees (R_b, or FNR_a)
      expect(s.metrics[r(s.value).key]).toBeCloseTo(r(s.value).value!, 12);
      // where F_m says little: at most 0.5 on one class
      expect(s.metrics.F_m as number).toBeLessThanOrEqual(0.5);
    }
  });

  it("a slice with both classes is read by the primary metric (no headline)", () => {
    expect(
      binaryAbstention.sliceHeadline!(
        [
          { truth: { bounce: true }, prediction: { bounce: true }, metadata: {} },
          { truth: { bounce: false }, prediction: { bounce: true }, metadata: {} },
        ],
        input,
      ),
    ).toBeNull();
  });
});

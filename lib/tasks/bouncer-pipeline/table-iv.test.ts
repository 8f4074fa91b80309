// BouncerBench Table IV (issue 20): correct-patch rates before and after both bouncers, the mean
// patch length and the valid patches lost — one row per patch set (agent), as a breakdown.
import { describe, expect, it } from "vitest";
import { computeBreakdowns, offeredAttributes } from "@/lib/tasks/shared/breakdowns";
import { bouncerPipeline } from "./index";

const rows = [
  // patch set A: 4 patches, 2 correct; both bouncers keep one correct and one incorrect
  { set: "A", q: 0, ok: true, ib: false, ob: false, len: 100 },
  { set: "A", q: 1, ok: true, ib: false, ob: true, len: 300 },
  { set: "A", q: 0, ok: false, ib: false, ob: false, len: 200 },
  { set: "A", q: 3, ok: false, ib: true, ob: false, len: 400 },
  // patch set B: 3 patches, 1 correct, bounced by the input bouncer (lost)
  { set: "B", q: 2, ok: true, ib: true, ob: false, len: 1000 },
  { set: "B", q: 0, ok: false, ib: false, ob: true, len: 3000 },
  { set: "B", q: 1, ok: false, ib: false, ob: false, len: 2000 },
];

describe("Table IV by patch set", () => {
  const instances = rows.map((r, i) => {
    const p = bouncerPipeline.parseReleaseRow(
      {
        instance_id: `${r.set}/owner__repo-${i}`,
        input_quality: r.q,
        patch: "x".repeat(r.len),
        output_quality: r.ok ? 1 : 0.5,
        patch_set: r.set,
      },
      {},
    );
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    return p.value;
  });
  const predictions = new Map(
    rows.map((r, i) => [instances[i].externalId, { input: { bounce: r.ib }, output: { bounce: r.ob } }]),
  );

  it("is offered as an attribute and scores each patch set on its own instances", () => {
    expect(offeredAttributes(bouncerPipeline, {}, instances).map((a) => a.key)).toContain("patch_set");
    const b = computeBreakdowns(bouncerPipeline, {}, instances, predictions).patch_set;
    const a = b.find((s) => s.value === "A")!;
    const bb = b.find((s) => s.value === "B")!;
    // A: before 2/4; shown (neither bounced): rows 1 and 3 → 1 correct of 2; lost 1 of 2 correct; chars 250
    expect(a.metrics).toMatchObject({ before: 0.5, after: 0.5, lost: 0.5, chars_avg: 250 });
    // B: before 1/3; shown: row 7 only (incorrect) → after 0; lost 1/1; chars 2000
    expect(bb.metrics.before).toBeCloseTo(1 / 3, 12);
    expect(bb.metrics).toMatchObject({ after: 0, lost: 1, chars_avg: 2000 });
  });
});

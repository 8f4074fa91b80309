// BouncerBench Table IV (issue 20): correct-patch rates before and after both bouncers, the mean
// patch length and the valid patches lost — one row per patch set (agent), as a breakdown.
import { describe, expect, it } from "vitest";
import { computeBreakdowns, offeredAttributes } from "@/lib/tasks/shared/breakdowns";
import { bouncerPipeline, ticketOf } from "./index";

/** A patch of set `r.set` as a release row (quality q, correct or not, `len` characters long). */
type PatchRow = { set: string; q: number; ok: boolean; ib: boolean; ob: boolean };

function instanceOf(r: PatchRow, id: string, len: number) {
  const p = bouncerPipeline.parseReleaseRow(
    {
      instance_id: id,
      input_quality: r.q,
      patch: "x".repeat(len),
      output_quality: r.ok ? 1 : 0.5,
      patch_set: r.set,
    },
    {},
  );
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return p.value;
}

/** Each row's two bouncers' verdicts, keyed by its instance. */
function predictionsOf(rows: PatchRow[], instances: { externalId: string }[]) {
  return new Map(rows.map((r, i) => [instances[i].externalId, { input: { bounce: r.ib }, output: { bounce: r.ob } }]));
}

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
  const instances = rows.map((r, i) => instanceOf(r, `${r.set}/owner__repo-${i}`, r.len));
  const predictions = predictionsOf(rows, instances);

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

// Two patch sets on the same four tickets (issue 33): ids carry the set's prefix; the input bouncer
// judges tickets, so each counts once in the input metrics (n = 4, not 8); repositories still slice.
describe("several patch sets on the same tickets", () => {
  const tickets = [
    { id: "astropy__astropy-1", q: 0 },
    { id: "astropy__astropy-2", q: 3 },
    { id: "django__django-3", q: 2 },
    { id: "django__django-4", q: 1 },
  ];
  const sets = ["agentless", "swe-agent"];
  const rows = sets.flatMap((set, s) =>
    tickets.map((t, k) => ({ set, ...t, ok: (k + s) % 2 === 0, ib: t.q >= 2 && k !== 2, ob: (k + s) % 3 === 0 })),
  );
  const instances = rows.map((r) => instanceOf(r, `${r.set}/${r.id}`, 100));
  const predictions = predictionsOf(rows, instances);
  const pairs = instances.map((i) => ({
    truth: i.truth,
    prediction: predictions.get(i.externalId)!,
    metadata: i.metadata,
  }));

  it("the ticket is read off the prefixed id", () => {
    expect(ticketOf("agentless/astropy__astropy-1")).toBe("astropy__astropy-1");
    expect(ticketOf("astropy__astropy-1")).toBe("astropy__astropy-1");
    expect(instances[0].metadata).toMatchObject({ ticket: "astropy__astropy-1", patch_set: "agentless" });
  });

  it("input metrics count each ticket once; output metrics count each patch", () => {
    const { metrics } = bouncerPipeline.score(pairs, {});
    const input = metrics.input as Record<string, number>;
    const output = metrics.output as Record<string, number>;
    // by hand, the 4 tickets: should bounce q ≥ 2 → tickets 2, 3; bounced: ticket 2 only (k = 2 is not)
    // bounce class: TP 1, FN 1, FP 0 → F_b = 2/3; accept class: TP 2, FN 0, FP 1 → F_a = 4/5
    expect(input.F_m).toBeCloseTo((2 / 3 + 4 / 5) / 2, 12);
    expect(input.R_b).toBeCloseTo(0.5, 12);
    // the output side is scored on all 8 patches
    const outTruth = rows.map((r) => !r.ok);
    const tp = rows.filter((r, i) => outTruth[i] && r.ob).length;
    const fn = rows.filter((r, i) => outTruth[i] && !r.ob).length;
    expect(output.R_b).toBeCloseTo(tp / (tp + fn), 12);
    expect((metrics.funnel as Record<string, number>).all).toBe(8);
  });

  it("repositories still slice (the prefix is not part of the repository)", () => {
    const repo = computeBreakdowns(bouncerPipeline, {}, instances, predictions).repository;
    expect(repo.map((s) => [s.value, s.n])).toEqual([
      ["astropy/astropy", 4],
      ["django/django", 4],
    ]);
  });
});

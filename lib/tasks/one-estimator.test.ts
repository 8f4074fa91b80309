// Issue 50, item 1: every interval describes the number it sits beside. For every task kind the
// shown value is the estimator applied to the full sample (primaryFromStats of primaryRows), and
// every bootstrap replicate is the same estimator applied to a resample — so the 95% CI, the stored
// replicates, the rank intervals and the paired tests describe the value the board shows. Lite with
// several patch sets is the case that once failed: its input half counts each ticket once.
import { describe, expect, it } from "vitest";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { getTaskKind } from "@/lib/tasks";
import { findTaskDef } from "@/lib/tasks/catalog";
import { bouncingMetrics, intervalFromReplicates, sharedBootstrapIndices, statsReplicates } from "@/lib/metrics";
import type { StoredInstance } from "@/lib/tasks/types";

type Kind = ReturnType<typeof getTaskKind>;
type Options = Parameters<Kind["score"]>[1];
type Item = { instance: StoredInstance; prediction: Record<string, unknown> };

/** A synthetic task's release and first submission, parsed by its kind (a problem throws). */
function itemsOf(
  kind: Kind,
  options: Options,
  release: Record<string, unknown>[],
  predictions: Record<string, unknown>,
) {
  return release.map((row): Item => {
    const r = kind.parseReleaseRow(row, options);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    const p = kind.parsePrediction(r.value.externalId, predictions[r.value.externalId], options, r.value);
    if (!p.ok) throw new Error(JSON.stringify(p.problems));
    return { instance: r.value, prediction: p.value };
  });
}

const scoreOf = (kind: Kind, options: Options, items: Item[]) =>
  kind.score(
    items.map((x) => ({ truth: x.instance.truth, prediction: x.prediction, metadata: x.instance.metadata })),
    options,
  ).primaryValue;

/** The shown value, the estimator on the full sample, and its 95% CI from the same estimator's replicates. */
function oneEstimator(kind: Kind, options: Options, items: Item[]) {
  const shown = scoreOf(kind, options, items) as number;
  const rows = kind.primaryRows(items, options);
  const estimator = (picked: number[][]) => kind.primaryFromStats(picked, options);
  const replicates = statsReplicates(rows, estimator);
  const finite = Array.from(replicates).filter(Number.isFinite);
  return { shown, full: estimator(rows), rows, replicates, ci: intervalFromReplicates(replicates), finite };
}

/** The median of the finite replicates. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe.each(generateSynthetic().map((t) => [t.task, t] as const))("%s", (slug, t) => {
  const def = findTaskDef(slug)!.task;
  const kind = getTaskKind(def.kind);
  const items = itemsOf(kind, def.options, t.release as Record<string, unknown>[], t.submissions[0].predictions);

  it("the shown value is the estimator on the full sample, inside its CI, at the replicates' centre", () => {
    const e = oneEstimator(kind, def.options, items);
    expect(e.full).toBeCloseTo(e.shown, 12);
    expect(e.ci.low).toBeLessThanOrEqual(e.shown);
    expect(e.ci.high).toBeGreaterThanOrEqual(e.shown);
    // the replicates scatter around the shown value, not around another estimator's
    expect(Math.abs(median(e.finite) - e.shown)).toBeLessThan((e.ci.high - e.ci.low) / 4);
  });

  it("each replicate is the scorer applied to its resample (rows are instances: no ticket shared)", () => {
    const ix = sharedBootstrapIndices(items.length);
    const n = items.length;
    const rows = kind.primaryRows(items, def.options);
    for (let r = 0; r < 5; r++) {
      const picked = Array.from(ix.subarray(r * n, (r + 1) * n), (i) => items[i]);
      // copies of an instance are distinct draws: give each its own id (and ticket)
      const copies = picked.map((x, k) => ({
        ...x,
        instance: {
          ...x.instance,
          externalId: `${x.instance.externalId}#${k}`,
          metadata: { ...x.instance.metadata, ticket: `copy-${k}` },
        },
      }));
      const want = scoreOf(kind, def.options, copies);
      const got = kind.primaryFromStats(
        Array.from(ix.subarray(r * n, (r + 1) * n), (i) => rows[i]),
        def.options,
      );
      if (want === null) expect(got === null || Number.isNaN(got)).toBe(true);
      else expect(got).toBeCloseTo(want, 10);
    }
  });
});

// Lite with two patch sets, the second covering some of the tickets (so tickets carry 1 or 2
// patches): counting the input half over patch rows is another estimator, which the CI once described.
describe("Lite with two patch sets: the CI describes the per-ticket F_m_mean", () => {
  const t = generateSynthetic().find((x) => x.task === "bouncerbench/lite")!;
  const def = findTaskDef(t.task)!.task;
  const kind = getTaskKind(def.kind);
  const base = t.release as { instance_id: string }[];
  const preds = t.submissions[0].predictions as Record<string, Record<string, unknown>>;
  const inputWrong = (r: { instance_id: string }) => {
    const p = kind.parseReleaseRow(r, def.options);
    return p.ok && (p.value.truth.input as { bounce: boolean }).bounce !== preds[r.instance_id].input_bounce;
  };
  const release = [
    ...base.map((r) => ({ ...r, instance_id: `agentless/${r.instance_id}` })),
    // the second patch set covers the tickets whose input the bouncer judged wrongly (and a few
    // more): a per-patch input half counts those errors twice
    ...base
      .filter((r, k) => k % 7 === 0 || inputWrong(r))
      .map((r) => ({ ...r, instance_id: `swe-agent/${r.instance_id}` })),
  ];
  const predictions = Object.fromEntries(
    release.map((r, k) => {
      const id = r.instance_id.slice(r.instance_id.indexOf("/") + 1);
      // the second patch set's output bouncer disagrees on every other patch
      const p = preds[id];
      return [r.instance_id, k >= base.length && k % 2 ? { ...p, output_bounce: !p.output_bounce } : p];
    }),
  );
  const items = itemsOf(kind, def.options, release, predictions);

  it("the shown value counts each ticket once, and the CI contains it", () => {
    const e = oneEstimator(kind, def.options, items);
    expect(e.full).toBeCloseTo(e.shown, 12);
    // independent: input F_m over each ticket's first patch, output F_m over every patch
    const first = new Map<string, Item>();
    for (const x of items)
      first.set(String(x.instance.metadata.ticket), first.get(String(x.instance.metadata.ticket)) ?? x);
    const side = (xs: Item[], s: "input" | "output") =>
      bouncingMetrics(
        xs.map((x) => ((x.instance.truth[s] as { bounce: boolean }).bounce ? 1 : 0)),
        xs.map((x) => ((x.prediction[s] as { bounce: boolean }).bounce ? 1 : 0)),
      ).F_m;
    const perTicket = (side([...first.values()], "input") + side(items, "output")) / 2;
    const perPatch = (side(items, "input") + side(items, "output")) / 2;
    expect(e.shown).toBeCloseTo(perTicket, 12);
    expect(Math.abs(perPatch - perTicket)).toBeGreaterThan(0.001); // the two estimators differ here
    expect(e.ci.low).toBeLessThanOrEqual(e.shown);
    expect(e.ci.high).toBeGreaterThanOrEqual(e.shown);
    expect(Math.abs(median(e.finite) - perTicket)).toBeLessThan(Math.abs(median(e.finite) - perPatch));
    // replicate r: input over the resample's draws of first patches (with their multiplicity), output over all draws
    const ix = sharedBootstrapIndices(items.length);
    const firsts = new Set(first.values());
    for (let r = 0; r < 5; r++) {
      const picked = Array.from(ix.subarray(r * items.length, (r + 1) * items.length), (i) => items[i]);
      const want =
        (side(
          picked.filter((x) => firsts.has(x)),
          "input",
        ) +
          side(picked, "output")) /
        2;
      expect(e.replicates[r]).toBeCloseTo(want, 12);
    }
  });
});

// Each kind's per-instance decomposition must reproduce its scorer's primary metric exactly.
import { describe, expect, it } from "vitest";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { getTaskKind } from "@/lib/tasks";
import { findTaskDef } from "@/lib/tasks/catalog";

type Kind = ReturnType<typeof getTaskKind>;
type Options = Parameters<Kind["score"]>[1];

/** One instance: its release row and the prediction for it, parsed by the kind (a problem throws). */
function parsePair(
  kind: Kind,
  row: Parameters<Kind["parseReleaseRow"]>[0],
  prediction: (externalId: string) => unknown,
  options: Options,
) {
  const r = kind.parseReleaseRow(row, options);
  if (!r.ok) throw new Error(JSON.stringify(r.problems));
  const p = kind.parsePrediction(r.value.externalId, prediction(r.value.externalId), options, r.value);
  if (!p.ok) throw new Error(JSON.stringify(p.problems));
  return { inst: r.value, prediction: p.value };
}

/** The per-instance decomposition summed back equals the scorer's primary value. */
function expectDecompositionMatches(kind: Kind, pairs: ReturnType<typeof parsePair>[], options: Options) {
  const scored = kind.score(
    pairs.map((p) => ({ truth: p.inst.truth, metadata: p.inst.metadata, prediction: p.prediction })),
    options,
  );
  const stats = kind.primaryRows(
    pairs.map((p) => ({ instance: p.inst, prediction: p.prediction })),
    options,
  );
  expect(kind.primaryFromStats(stats, options)).toBeCloseTo(scored.primaryValue as number, 12);
}

describe.each(generateSynthetic().map((t) => [t.task, t] as const))("%s", (slug, t) => {
  it("primaryFromStats(all instances) equals the scorer's primary value", () => {
    const def = findTaskDef(slug)!.task;
    const kind = getTaskKind(def.kind);
    const sub = t.submissions[0];
    const pairs = t.release.map((row) => parsePair(kind, row, (id) => sub.predictions[id], def.options));
    expectDecompositionMatches(kind, pairs, def.options);
  });
});

describe("abstain-validate: patch-less trajectories and validation-only bugs", () => {
  it("the per-instance decomposition and outcomes follow the scorer's filter and abstention", () => {
    const t = generateSynthetic().find((x) => x.task === "abstain-validate/repair")!;
    const def = findTaskDef(t.task)!.task;
    const kind = getTaskKind(def.kind);
    const sub = t.submissions[0];
    const pairs = (t.release as { instance_id: string; trajectories: Record<string, unknown>[] }[]).map((row, i) => {
      // every 3rd bug validation-only with a low abstention score; every 4th bug's first trajectory
      // produced no patch (but passes regression and is judged fixed)
      const release = {
        ...row,
        validation_only: i % 3 === 0,
        trajectories: row.trajectories.map((x, k) => (k === 0 && i % 4 === 0 ? { ...x, has_patch: false } : x)),
      };
      return parsePair(
        kind,
        release,
        (id) => {
          const raw = sub.predictions[id] as { abstention_score: number; trajectories: Record<string, unknown>[] };
          return {
            abstention_score: i % 3 === 0 ? 0.1 : raw.abstention_score,
            trajectories: raw.trajectories.map((x, k) =>
              k === 0 && i % 4 === 0 ? { ...x, validation_judgment: true, validation_score: 0.99 } : x,
            ),
          };
        },
        def.options,
      );
    });
    expectDecompositionMatches(kind, pairs, def.options);
    // a validation-only bug is attempted whatever its abstention score
    const vOnly = kind.outcome(pairs[0].inst, pairs[0].prediction, def.options);
    expect(vOnly.outcome).toMatch(/^attempted_/);
    expect(vOnly.predicted).toContain("validation only");
  });
});

// Each kind's per-instance decomposition must reproduce its scorer's primary metric exactly.
import { describe, expect, it } from "vitest";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { getTaskKind } from "@/lib/tasks";
import { findTaskDef } from "@/lib/tasks/catalog";

describe.each(generateSynthetic().map((t) => [t.task, t] as const))("%s", (slug, t) => {
  it("primaryFromStats(all instances) equals the scorer's primary value", () => {
    const def = findTaskDef(slug)!.task;
    const kind = getTaskKind(def.kind);
    const sub = t.submissions[0];
    const pairs = t.release.map((row) => {
      const r = kind.parseReleaseRow(row, def.options);
      if (!r.ok) throw new Error(JSON.stringify(r.problems));
      const p = kind.parsePrediction(r.value.externalId, sub.predictions[r.value.externalId], def.options, r.value);
      if (!p.ok) throw new Error(JSON.stringify(p.problems));
      return { inst: r.value, prediction: p.value };
    });
    const scored = kind.score(
      pairs.map((p) => ({ truth: p.inst.truth, metadata: p.inst.metadata, prediction: p.prediction })),
      def.options,
    );
    const stats = pairs.map((p) => kind.primaryStats(p.inst, p.prediction, def.options));
    expect(kind.primaryFromStats(stats, def.options)).toBeCloseTo(scored.primaryValue as number, 12);
  });
});

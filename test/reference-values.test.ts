// The real reference values of METRICS.md §1, reproduced from the shipped files through the
// same path the server uses (release file parser → task kind → lib/metrics).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parsePredictionFile } from "@/lib/files/parse-prediction-file";
import { binaryAbstention } from "@/lib/tasks/binary-abstention";
import { parseReleaseFile } from "@/lib/files/parse-release-file";
import { computeScore } from "@/lib/server/scoring";
import type { ResolvedTask } from "@/lib/server/tasks";

const SEED = path.resolve("prisma/seed-data/bouncerbench");
const SHARED = path.resolve("../shared/data/bouncerbench/predictions");
const opts = { side: "input" as const };

function loadTruth() {
  const parsed = parseReleaseFile(
    fs.readFileSync(path.join(SEED, "ensembled_annotations_public.csv"), "utf8"),
    "x.csv",
  );
  expect(parsed.problems).toEqual([]);
  const truth = new Map<string, Record<string, unknown>>();
  for (const { row } of parsed.rows) {
    const r = binaryAbstention.parseReleaseRow(row, opts);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    truth.set(r.value.externalId, r.value.truth);
  }
  return truth;
}

function score(file: string, only?: Set<string>) {
  const truth = loadTruth();
  const parsed = parsePredictionFile(fs.readFileSync(file, "utf8"), file);
  const pairs = parsed.entries
    .filter((e) => !only || only.has(e.id))
    .map((e) => {
      const p = binaryAbstention.parsePrediction(e.id, e.value, opts, {
        externalId: e.id,
        truth: truth.get(e.id)!,
        metadata: {},
      });
      if (!p.ok) throw new Error(JSON.stringify(p.problems));
      return { truth: truth.get(e.id)!, prediction: p.value, metadata: {} };
    });
  // the 95% interval comes from the server's one bootstrap of the primary metric
  const task = { kind: binaryAbstention, options: opts, primaryMetric: "F_m" } as unknown as ResolvedTask;
  const instances = parsed.entries
    .filter((e) => !only || only.has(e.id))
    .map((e) => ({ externalId: e.id, truth: truth.get(e.id)!, metadata: {} }));
  const predictions = new Map(pairs.map((p, i) => [instances[i].externalId, p.prediction]));
  const { ci } = computeScore(task, instances, predictions);
  return { n: pairs.length, ...binaryAbstention.score(pairs, opts), ci };
}

const REF = {
  "gpt-4.1": {
    n: 1699,
    F_m: 0.50021,
    I_Score: 0.233274,
    R_b: 0.129231,
    FNR_a: 0.020019,
    agreement: 0.340789,
    kappa: 0.088473,
    spearman_rho: 0.367651,
    P_a: 0.644918,
    R_a: 0.979981,
    F_a: 0.777904,
    P_b: 0.8,
    F_b: 0.222517,
    FPR_a: 0.870769,
  },
  "claude-3.7-sonnet": {
    n: 1699,
    F_m: 0.422144,
    I_Score: 0.208554,
    R_b: 0.04,
    FNR_a: 0.00572,
    agreement: 0.283696,
    kappa: 0.031194,
    spearman_rho: 0.293152,
  },
};
const LITE = {
  "gpt-4.1": {
    n: 642,
    F_m: 0.532283,
    I_Score: 0.489097,
    R_b: 0.087379,
    FNR_a: 0.012987,
    agreement: 0.493769,
    kappa: 0.14763,
    spearman_rho: 0.290519,
  },
  "claude-3.7-sonnet": {
    n: 642,
    F_m: 0.510909,
    I_Score: 0.494289,
    R_b: 0.058252,
    FNR_a: 0.005566,
    agreement: 0.457944,
    kappa: 0.085829,
    spearman_rho: 0.198361,
  },
};

describe("METRICS.md §1 reference values (input task, all 1,699)", () => {
  it("the release has 1,699 instances, 650 to bounce", () => {
    const t = loadTruth();
    expect(t.size).toBe(1699);
    expect([...t.values()].filter((v) => v.bounce).length).toBe(650);
  });
  for (const [model, ref] of Object.entries(REF)) {
    it(model, () => {
      const s = score(path.join(SEED, `input_bouncer_${model}.json`));
      expect(s.n).toBe(ref.n);
      for (const [k, v] of Object.entries(ref)) if (k !== "n") expect(s.metrics[k], k).toBeCloseTo(v, 6);
      expect(s.primaryValue).toBe(s.metrics.F_m);
      expect(s.ci!.low).toBeLessThan(s.metrics.F_m as number);
      expect(s.ci!.high).toBeGreaterThan(s.metrics.F_m as number);
    });
  }
});

describe.skipIf(!fs.existsSync(SHARED))("METRICS.md §1 reference values (the 642 Lite instances)", () => {
  for (const [model, ref] of Object.entries(LITE)) {
    it(model, () => {
      const lite = new Set(
        Object.keys(JSON.parse(fs.readFileSync(path.join(SHARED, `output_bouncer_${model}.json`), "utf8"))),
      );
      expect(lite.size).toBe(642);
      const s = score(path.join(SEED, `input_bouncer_${model}.json`), lite);
      expect(s.n).toBe(642);
      for (const [k, v] of Object.entries(ref)) if (k !== "n") expect(s.metrics[k], k).toBeCloseTo(v, 6);
    });
  }
});

describe.skipIf(!fs.existsSync(SHARED))("Lite pipeline: the input half on the real truth (642 instances)", () => {
  it("gpt-4.1's input F_m inside the Lite score equals the paper's 0.532283", async () => {
    const { bouncerPipeline } = await import("@/lib/tasks/bouncer-pipeline");
    const truth = loadTruth();
    const labels = JSON.parse(fs.readFileSync(path.join(SEED, "input_bouncer_gpt-4.1.json"), "utf8")) as Record<
      string,
      { label: string }
    >;
    const out = JSON.parse(fs.readFileSync(path.join(SHARED, "output_bouncer_gpt-4.1.json"), "utf8")) as Record<
      string,
      { label: string }
    >;
    const pairs = Object.keys(out).map((id, i) => {
      // the output truth is not public: a stand-in that only the output half reads
      const t = { input: truth.get(id)!, output: { bounce: i % 2 === 0, pass: i % 2 === 0 ? 0.5 : 1 } };
      const p = bouncerPipeline.parsePrediction(
        id,
        { input_label: labels[id].label, output_label: out[id].label },
        {},
        { externalId: id, truth: t, metadata: {} },
      );
      if (!p.ok) throw new Error(JSON.stringify(p.problems));
      return { truth: t, prediction: p.value, metadata: {} };
    });
    const s = bouncerPipeline.score(pairs, {});
    const input = s.metrics.input as Record<string, number>;
    expect(pairs).toHaveLength(642);
    expect(input.F_m).toBeCloseTo(0.532283, 6);
    expect(input.I_Score).toBeCloseTo(0.489097, 6);
    expect(input.kappa).toBeCloseTo(0.14763, 6);
  });
});

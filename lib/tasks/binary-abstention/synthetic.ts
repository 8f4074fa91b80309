// Synthetic BouncerBench data (lib/synthetic/generate.ts lists it): the Output task's release and
// bouncers, and the instances and bouncers the Lite pipeline (bouncer-pipeline) draws the same way.
import { clamp01, Rng, words } from "@/lib/synthetic/random";
import { pad, type SyntheticTask } from "@/lib/synthetic/task";
import { OUTPUT_LABELS } from "./labels";

export interface BounceInstance {
  id: string;
  label: number;
  problem: string;
  patch: string;
  pass: number;
  incorrect: boolean;
}

export function bounceInstances(rng: Rng, prefix: string, n: number): BounceInstance[] {
  // label shares near SWE-bench Verified's annotations (650 of 1,699 should bounce → 38%)
  const labelWeights = [0.27, 0.35, 0.31, 0.07];
  return Array.from({ length: n }, (_, i) => {
    const label = rng.weighted(labelWeights);
    const wordsN = Math.max(20, Math.round(rng.logNormal(170, 0.7)));
    const chars = Math.max(200, Math.round(rng.logNormal(1400, 0.8)));
    // about 45% of sampled agent patches are correct; vaguer tickets get fewer correct patches
    const incorrect = rng.bernoulli(0.45 + 0.1 * (label - 1.5));
    const pass = incorrect ? (rng.bernoulli(0.15) ? 0 : clamp01(rng.beta(5, 2) * 0.98)) : 1;
    const patch = `diff --git a/src/module_${i}.py b/src/module_${i}.py\n--- a/src/module_${i}.py\n+++ b/src/module_${i}.py\n@@ -1,1 +1,1 @@\n-${"x".repeat(Math.max(1, chars / 2 - 40))}\n+${"y".repeat(Math.max(1, chars / 2 - 40))}\n`;
    return { id: `${prefix}-${pad(i + 1)}`, label, problem: words(rng, wordsN), patch, pass, incorrect };
  });
}

function testsStatus(rng: Rng, inst: BounceInstance): string {
  const total = rng.int(4, 40);
  const passed = Math.round(inst.pass * total);
  const fixedPassed = inst.incorrect && passed === total ? total - 1 : passed;
  const names = (k: number, tag: string) =>
    Array.from({ length: k }, (_, j) => `'tests/test_${tag}.py::test_${j}'`).join(", ");
  const f2p = Math.min(3, total);
  const f2pOk = Math.min(f2p, fixedPassed);
  const p2pOk = fixedPassed - f2pOk;
  return `{'FAIL_TO_PASS': {'success': [${names(f2pOk, "f2p")}], 'failure': [${names(f2p - f2pOk, "f2pfail")}]}, 'PASS_TO_PASS': {'success': [${names(p2pOk, "p2p")}], 'failure': [${names(total - f2p - p2pOk, "p2pfail")}]}}`;
}

/** A bouncer with a given recall on should-bounce and false-bounce rate on should-accept. */
export function bouncer(rng: Rng, should: boolean, recall: number, fbr: number): boolean {
  return rng.bernoulli(should ? recall : fbr);
}

export const BOUNCE_SYSTEMS = [
  {
    model: "sieve-7b",
    system: "Sieve (synthetic)",
    team: "Synthetic Lab A",
    oss: true,
    costUsd: 3.1,
    tokens: 9_800_000,
    inR: 0.35,
    inF: 0.06,
    outR: 0.6,
    outF: 0.25,
  },
  {
    model: "gatekeeper-xl",
    system: "Gatekeeper (synthetic)",
    team: "Synthetic Lab B",
    oss: false,
    costUsd: 41.5,
    tokens: 12_400_000,
    inR: 0.55,
    inF: 0.2,
    outR: 0.75,
    outF: 0.4,
  },
  {
    model: "doorman-mini",
    system: "Doorman (synthetic)",
    team: "Synthetic Lab C",
    oss: true,
    costUsd: 0.9,
    tokens: 7_100_000,
    inR: 0.15,
    inF: 0.03,
    outR: 0.4,
    outF: 0.15,
  },
];

/** BouncerBench Output: agent patches with their test results, and three output bouncers. */
export function syntheticOutputTask(seed: number): SyntheticTask {
  const rng = new Rng(seed);
  const inst = bounceInstances(rng, "syn-output", 642);
  const release = inst.map((x) => ({ instance_id: x.id, patch: x.patch, tests_status: testsStatus(rng, x) }));
  const submissions = BOUNCE_SYSTEMS.map((s) => ({
    ...s,
    predictions: Object.fromEntries(
      inst.map((x) => {
        const b = bouncer(rng, x.incorrect, s.outR, s.outF);
        const label = OUTPUT_LABELS[b ? rng.int(2, 3) : rng.int(0, 1)];
        return [x.id, { output_bounce: b, label, trace: `synthetic judgment of ${x.id}` }];
      }),
    ),
  }));
  return {
    task: "bouncerbench/output",
    version: "synthetic-1",
    notes: "Synthetic stand-in until the official uw-swag/output-bouncer release is imported.",
    release,
    submissions,
  };
}

/**
 * Deterministic synthetic releases and submissions for the tasks without public data here
 * (BouncerBench Output and Lite until the official releases are imported; A&V; CI-Bench;
 * CR-Bench). Fixed seeds; distributions follow the papers' statistics. Everything produced is
 * marked synthetic and uses made-up ids and system names: no real model is scored against it.
 */
import { OUTPUT_LABELS, INPUT_LABELS } from "@/lib/tasks/binary-abstention/labels";
import { CATEGORIES, IMPACTS, SEVERITIES } from "@/lib/tasks/code-review";
import { clamp01, Rng, words } from "./random";

export const SYNTHETIC_SEED = 20251121;

export interface SyntheticTask {
  task: string;
  version: string;
  notes: string;
  /** release rows in the import format (JSON array) */
  release: Record<string, unknown>[];
  submissions: {
    model: string;
    system: string;
    team: string;
    oss: boolean;
    costUsd?: number;
    tokens?: number;
    /** structured system metadata (agent, base_model, judge_model, …) */
    meta?: Record<string, unknown>;
    predictions: Record<string, unknown>;
  }[];
}

const pad = (n: number, w = 4) => String(n).padStart(w, "0");

// ---------- BouncerBench Output and Lite ----------

interface BounceInstance {
  id: string;
  label: number;
  problem: string;
  patch: string;
  pass: number;
  incorrect: boolean;
}

function bounceInstances(rng: Rng, prefix: string, n: number): BounceInstance[] {
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
function bouncer(rng: Rng, should: boolean, recall: number, fbr: number): boolean {
  return rng.bernoulli(should ? recall : fbr);
}

const BOUNCE_SYSTEMS = [
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

function outputTask(): SyntheticTask {
  const rng = new Rng(SYNTHETIC_SEED + 1);
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

function liteTask(): SyntheticTask {
  const rng = new Rng(SYNTHETIC_SEED + 2);
  const inst = bounceInstances(rng, "syn-lite", 642);
  const release = inst.map((x) => ({
    instance_id: x.id,
    input_quality: x.label,
    problem_statement: x.problem,
    patch: x.patch,
    output_quality: x.pass,
    output_bounce: x.incorrect,
  }));
  const submissions = BOUNCE_SYSTEMS.map((s) => ({
    ...s,
    predictions: Object.fromEntries(
      inst.map((x) => {
        // vaguer tickets are bounced more often; label 3 almost always
        const inB = bouncer(
          rng,
          x.label >= 2,
          x.label === 3 ? Math.min(1, s.inR * 2) : s.inR,
          x.label === 1 ? s.inF * 1.5 : s.inF,
        );
        const label = INPUT_LABELS[inB ? rng.int(2, 3) : rng.int(0, 1)];
        return [
          x.id,
          { input_label: label, input_bounce: inB, output_bounce: bouncer(rng, x.incorrect, s.outR, s.outF) },
        ];
      }),
    ),
  }));
  return {
    task: "bouncerbench/lite",
    version: "synthetic-1",
    notes: "Synthetic stand-in until the official Lite releases are imported.",
    release,
    submissions,
  };
}

// ---------- Abstain-and-Validate ----------

const AV_CATEGORIES = ["crash", "logic", "ui", "performance", "configuration", "data"];

function avTask(): SyntheticTask {
  const rng = new Rng(SYNTHETIC_SEED + 3);
  // 174 bugs × 20 trajectories; ~27% fixable; success rates skewed toward 0–15% (paper Fig. 2)
  const bugs = Array.from({ length: 174 }, (_, i) => {
    const fixable = rng.bernoulli(0.27);
    const p = fixable ? clamp01(rng.beta(1.5, 2.5)) * 0.9 + 0.05 : 0;
    const trajectories = Array.from({ length: 20 }, (_, j) => {
      const success = rng.bernoulli(p);
      return {
        trajectory_id: `t${pad(j + 1, 2)}`,
        success,
        passes_regression: success ? rng.bernoulli(0.95) : rng.bernoulli(0.6),
      };
    });
    return { id: `syn-bug-${pad(i + 1, 3)}`, category: rng.pick(AV_CATEGORIES), p, trajectories };
  });
  const release = bugs.map((b) => ({
    instance_id: b.id,
    title: `Synthetic bug ${b.id.slice(-3)}: ${words(rng, 6)}`,
    description: words(rng, 60),
    category: b.category,
    trajectories: b.trajectories,
  }));
  const systems = [
    {
      model: "abstainer-r2",
      system: "Spec-guided validator (synthetic)",
      team: "Synthetic Lab A",
      meta: {
        agent: "APR agent",
        base_model: "gemini-2.5-pro",
        policy_model: "gemini-2.0-flash",
        judge_model: "gemini-2.5-pro",
        judge_prompt: "fix-spec",
        temperature: 0,
        agentic: true,
      },
      oss: false,
      skill: 0.6,
      vskill: 0.45,
    },
    {
      model: "abstainer-r1",
      system: "No-spec validator (synthetic)",
      team: "Synthetic Lab B",
      meta: {
        agent: "APR agent",
        base_model: "gemini-2.5-pro",
        policy_model: "gemini-2.0-flash",
        judge_model: "gemini-2.0-flash",
        judge_prompt: "no-spec",
        temperature: 0,
        agentic: true,
      },
      oss: true,
      skill: 0.35,
      vskill: 0.25,
    },
  ];
  const submissions = systems.map((s) => ({
    ...s,
    predictions: Object.fromEntries(
      bugs.map((b) => [
        b.id,
        {
          abstention_score: clamp01(
            s.skill * (b.p > 0 ? 0.35 + b.p : 0.15) + (1 - s.skill) * rng.uniform() + rng.normal(0, 0.08),
          ),
          trajectories: b.trajectories.map((t) => {
            const right = rng.bernoulli(0.5 + s.vskill / 2);
            const judgment = right ? t.success : !t.success;
            return {
              trajectory_id: t.trajectory_id,
              validation_judgment: judgment,
              validation_score: clamp01((judgment ? 0.6 : 0.3) + rng.normal(0, 0.15)),
            };
          }),
        },
      ]),
    ),
  }));
  return {
    task: "abstain-validate/repair",
    version: "synthetic-1",
    notes:
      "Synthetic bugs and trajectories following the paper's statistics (174 bugs, 20 trajectories, ~27% fixable).",
    release,
    submissions,
  };
}

// ---------- CI-Bench ----------

interface CiArtifact {
  id: string;
  lang: "Java" | "Python";
  path: string;
  before: string;
  devPatch: string;
  /** an equivalent fix written differently (whitespace/comments) */
  equivalentPatch: string;
  /** a different fix that applies */
  otherPatch: string;
  /** a patch whose context does not match */
  brokenPatch: string;
}

function hunk(
  path: string,
  start: number,
  ctxBefore: string,
  oldLine: string,
  newLine: string,
  ctxAfter: string,
): string {
  return `--- a/${path}\n+++ b/${path}\n@@ -${start},3 +${start},3 @@\n ${ctxBefore}\n-${oldLine}\n+${newLine}\n ${ctxAfter}\n`;
}

function ciArtifacts(rng: Rng): CiArtifact[] {
  const repos = [
    "tananaev-traccar",
    "apache-commons-lang",
    "square-okhttp",
    "psf-requests",
    "pallets-flask",
    "openmrs-core",
  ];
  return Array.from({ length: 100 }, (_, i) => {
    const repo = rng.pick(repos);
    const lang = rng.bernoulli(0.7) ? "Java" : "Python";
    const n = rng.int(3, 9);
    if (lang === "Java") {
      const path = `src/main/java/org/example/Service${i}.java`;
      const lines = [
        `package org.example;`,
        ``,
        `public class Service${i} {`,
        `    public int limit(int[] xs) {`,
        `        int total = 0;`,
        `        for (int k = 0; k <= xs.length - ${n % 3}; k++) {`,
        `            total += xs[k];`,
        `        }`,
        `        return total;`,
        `    }`,
        `}`,
      ];
      const before = lines.join("\n") + "\n";
      const old = lines[5];
      const fixed = `        for (int k = 0; k < xs.length; k++) {`;
      return {
        id: `syn-${repo}-${100000 + i * 7919}`,
        lang,
        path,
        before,
        devPatch: hunk(path, 5, lines[4], old, fixed, lines[6]),
        equivalentPatch: hunk(
          path,
          5,
          lines[4],
          old,
          `        for (int k = 0;k < xs.length;k++) { // fix bound`,
          lines[6],
        ),
        otherPatch: hunk(path, 5, lines[4], old, `        for (int k = 0; k < xs.length - 1; k++) {`, lines[6]),
        brokenPatch: hunk(path, 5, "        int sum = 0;", old, fixed, lines[6]),
      };
    }
    const path = `pkg/module_${i}.py`;
    const lines = [
      `def total(xs):`,
      `    acc = 0`,
      `    for k in range(len(xs) - ${1 + (n % 2)}):`,
      `        acc += xs[k]`,
      `    return acc`,
    ];
    const before = lines.join("\n") + "\n";
    const old = lines[2];
    const fixed = `    for k in range(len(xs)):`;
    return {
      id: `syn-${repo}-${100000 + i * 7919}`,
      lang,
      path,
      before,
      devPatch: hunk(path, 2, lines[1], old, fixed, lines[3]),
      equivalentPatch: hunk(path, 2, lines[1], old, `    for k in range( len(xs) ):  # fix bound`, lines[3]),
      otherPatch: hunk(path, 2, lines[1], old, `    for k in range(len(xs) - 0 + 0):`, lines[3]),
      brokenPatch: hunk(path, 2, "    total = 0", old, fixed, lines[3]),
    };
  });
}

function ciTask(): SyntheticTask {
  const rng = new Rng(SYNTHETIC_SEED + 4);
  const arts = ciArtifacts(rng);
  // (the CI service and failure type follow the index, not the generator, so every other value stays as it was)
  const release = arts.map((a, i) => ({
    instance_id: a.id,
    repo: a.id.replace(/^syn-/, "").replace(/-\d+$/, ""),
    lang: a.lang,
    build_system: a.lang === "Java" ? "Maven" : "pip",
    ci_service: i % 3 === 0 ? "github" : "travis",
    failure_type: ["test", "build", "code"][i % 5 === 0 ? 1 : i % 7 === 0 ? 2 : 0],
    developer_patch: a.devPatch,
    files: { [a.path]: a.before },
  }));
  // shares of no patch / broken / different / equivalent(verbatim) / equivalent(reformatted),
  // near the paper's SWE-agent + DeepSeek-V3 row (PG 64, SYE 28 of 100)
  const systems = [
    {
      model: "swe-agent-synth",
      system: "SWE-agent (synthetic)",
      team: "Synthetic Lab A",
      meta: { agent: "SWE-agent", base_model: "deepseek-v3", agentic: true },
      oss: true,
      w: [0.3, 0.06, 0.36, 0.18, 0.1],
    },
    {
      model: "ci-fixer-synth",
      system: "CI-Fixer (synthetic)",
      team: "Synthetic Lab B",
      meta: { agent: "CI-Fixer", base_model: "gpt-4o", agentic: true },
      oss: false,
      w: [0.2, 0.05, 0.3, 0.3, 0.15],
    },
  ];
  const submissions = systems.map((s) => ({
    ...s,
    predictions: Object.fromEntries(
      arts.map((a) => {
        const k = rng.weighted(s.w);
        const patch = [null, a.brokenPatch, a.otherPatch, a.devPatch, a.equivalentPatch][k];
        const plausible = k >= 3 ? true : k === 2 ? rng.bernoulli(0.3) : false;
        return [
          a.id,
          { patch, plausible, correct: k >= 3 ? rng.bernoulli(0.95) : k === 2 ? rng.bernoulli(0.1) : false },
        ];
      }),
    ),
  }));
  return {
    task: "ci-bench/repair",
    version: "synthetic-1",
    notes: "Synthetic CI failures with developer fixes (Java and Python).",
    release,
    submissions,
  };
}

// ---------- CR-Bench ----------

function crTask(): SyntheticTask {
  const rng = new Rng(SYNTHETIC_SEED + 5);
  const prs = Array.from({ length: 174 }, (_, i) => ({
    id: `syn-pr-${pad(i + 1)}`,
    category: CATEGORIES[rng.weighted([0.18, 0.14, 0.1, 0.16, 0.08, 0.06, 0.08, 0.2])],
    impact: IMPACTS[rng.weighted([0.4, 0.1, 0.05, 0.05, 0.25, 0.07, 0.06, 0.02])],
    severity: SEVERITIES[rng.weighted([0.2, 0.45, 0.3, 0.05])],
    file: `src/${rng.pick(["core", "api", "util", "db"])}/file_${i}.py`,
  }));
  const release = prs.map((p, i) => ({
    instance_id: p.id,
    repo: rng.pick(["acme/widgets", "acme/payments", "acme/search"]),
    pr_number: 1000 + i,
    title: `Synthetic PR ${i + 1}: ${words(rng, 5)}`,
    diff: `--- a/${p.file}\n+++ b/${p.file}\n@@ -10,2 +10,2 @@\n-    old()\n+    new()\n`,
    bug_description: words(rng, 25),
    fix_files: [p.file],
    category: p.category,
    impact: p.impact,
    severity: p.severity,
  }));
  const systems = [
    {
      model: "reviewer-reflexion-synth",
      system: "Reflexion (synthetic)",
      team: "Synthetic Lab A",
      meta: {
        agent: "Reflexion",
        base_model: "gpt-5.2",
        judge_model: "claude-sonnet-4.5",
        judge_prompt: "cr-evaluator",
        agentic: true,
      },
      oss: false,
      hit: 0.33,
      perPr: 6.4,
      valid: 0.63,
    },
    {
      model: "reviewer-single-synth",
      system: "Single-shot (synthetic)",
      team: "Synthetic Lab C",
      meta: {
        agent: "Single-shot",
        base_model: "gpt-5-mini",
        judge_model: "claude-sonnet-4.5",
        judge_prompt: "cr-evaluator",
        agentic: false,
      },
      oss: true,
      hit: 0.22,
      perPr: 2.5,
      valid: 0.45,
    },
  ];
  const submissions = systems.map((s) => ({
    ...s,
    predictions: Object.fromEntries(
      prs.map((p) => {
        const hit = rng.bernoulli(s.hit * (p.severity === "High" || p.severity === "Critical" ? 1.2 : 0.9));
        const n = Math.max(0, Math.round(rng.logNormal(s.perPr, 0.5)) - (hit ? 1 : 0));
        const comments = Array.from({ length: n }, () => ({
          file: p.file,
          line: rng.int(1, 200),
          comment: words(rng, 12),
          severity: rng.pick(SEVERITIES),
          judgment: rng.bernoulli(s.valid) ? "valid_suggestion" : "noise",
        }));
        if (hit)
          comments.unshift({
            file: p.file,
            line: 10,
            comment: `this change breaks ${words(rng, 6)}`,
            severity: p.severity,
            judgment: "bug_hit",
          });
        return [p.id, { comments }];
      }),
    ),
  }));
  return {
    task: "cr-bench/review",
    version: "synthetic-1",
    notes: "Synthetic PRs tagged with the CR-Bench taxonomy.",
    release,
    submissions,
  };
}

/** Every synthetic task, deterministic for SYNTHETIC_SEED. */
export function generateSynthetic(): SyntheticTask[] {
  return [outputTask(), liteTask(), avTask(), ciTask(), crTask()];
}

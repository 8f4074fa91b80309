// Synthetic CR-Bench data (lib/synthetic/generate.ts lists it): pull requests tagged with the
// CR-Bench taxonomy and two reviewers whose comments carry judge verdicts.
import { Rng, words } from "@/lib/synthetic/random";
import { pad, type SyntheticTask } from "@/lib/synthetic/task";
import { CATEGORIES, IMPACTS, SEVERITIES } from "./schemas";

/** 174 synthetic PRs, each with one known bug; a reflexion and a single-shot reviewer. */
export function syntheticReviewTask(seed: number): SyntheticTask {
  const rng = new Rng(seed);
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
    // three in ten declared the verified subset (CR-Bench-verified is 174 of 584 PRs in the paper),
    // by position: the random draws, and so every other value, are as before
    ...(i % 10 < 3 ? { verified: true } : {}),
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
    notes: "Synthetic PRs tagged with the CR-Bench taxonomy; three in ten declared the CR-Bench-verified subset.",
    release,
    submissions,
  };
}

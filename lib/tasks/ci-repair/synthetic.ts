// Synthetic CI-Bench data (lib/synthetic/generate.ts lists it): CI failures in Java and Python with
// their developer fixes, and two repair tools whose patches are verbatim, reformatted, different or broken.
import { Rng } from "@/lib/synthetic/random";
import type { SyntheticTask } from "@/lib/synthetic/task";

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
  { path, start }: { path: string; start: number },
  ctxBefore: string,
  { oldLine, newLine }: { oldLine: string; newLine: string },
  ctxAfter: string,
): string {
  return `--- a/${path}\n+++ b/${path}\n@@ -${start},3 +${start},3 @@\n ${ctxBefore}\n-${oldLine}\n+${newLine}\n ${ctxAfter}\n`;
}

/** The fixes of line `at` of a file: the developer's, an equivalent one, a different one, and one whose context is wrong. */
interface LineFixes {
  fixed: string;
  equivalent: string;
  other: string;
  /** the line the broken patch claims stands before the fixed one */
  wrongContext: string;
}

/** An artifact whose CI failure is line `at` of `lines`, with each patch a one-line hunk there. */
function artifact(
  { id, lang, path }: { id: string; lang: CiArtifact["lang"]; path: string },
  lines: string[],
  at: number,
  f: LineFixes,
): CiArtifact {
  const [before, old, after] = [lines[at - 1], lines[at], lines[at + 1]];
  const where = { path, start: at };
  return {
    id,
    lang,
    path,
    before: lines.join("\n") + "\n",
    devPatch: hunk(where, before, { oldLine: old, newLine: f.fixed }, after),
    equivalentPatch: hunk(where, before, { oldLine: old, newLine: f.equivalent }, after),
    otherPatch: hunk(where, before, { oldLine: old, newLine: f.other }, after),
    brokenPatch: hunk(where, f.wrongContext, { oldLine: old, newLine: f.fixed }, after),
  };
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
      return artifact({ id: `syn-${repo}-${100000 + i * 7919}`, lang, path }, lines, 5, {
        fixed: `        for (int k = 0; k < xs.length; k++) {`,
        equivalent: `        for (int k = 0;k < xs.length;k++) { // fix bound`,
        other: `        for (int k = 0; k < xs.length - 1; k++) {`,
        wrongContext: "        int sum = 0;",
      });
    }
    const path = `pkg/module_${i}.py`;
    const lines = [
      `def total(xs):`,
      `    acc = 0`,
      `    for k in range(len(xs) - ${1 + (n % 2)}):`,
      `        acc += xs[k]`,
      `    return acc`,
    ];
    return artifact({ id: `syn-${repo}-${100000 + i * 7919}`, lang, path }, lines, 2, {
      fixed: `    for k in range(len(xs)):`,
      equivalent: `    for k in range( len(xs) ):  # fix bound`,
      other: `    for k in range(len(xs) - 0 + 0):`,
      wrongContext: "    total = 0",
    });
  });
}

/** 100 CI failures with the developer fix; two tools near the paper's SWE-agent + DeepSeek-V3 row. */
export function syntheticCiTask(seed: number): SyntheticTask {
  const rng = new Rng(seed);
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

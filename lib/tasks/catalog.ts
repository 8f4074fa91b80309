import type { TaskKindName, TaskOptions } from "./types";

export interface TaskDef {
  slug: string;
  name: string;
  description: string;
  kind: TaskKindName;
  primaryMetric: string;
  options: TaskOptions;
  /**
   * A synthetic release of this task is generated (lib/synthetic: its kind's `synthetic`) with the
   * seed SYNTHETIC_SEED + this offset; each task that has one keeps its offset (a new one takes the next).
   */
  synthetic?: number;
}

/** Where and when a paper appeared (from the paper itself, or its arXiv page where the copy has no id). */
export interface PaperPublication {
  year: number;
  /** the proceedings it is in, as the paper's ACM reference prints it */
  booktitle?: string;
  publisher?: string;
  doi?: string;
  /** arXiv identifier (YYMM.NNNNN) */
  arxiv?: string;
}

export interface BenchmarkDef {
  slug: string;
  name: string;
  paperTitle: string;
  /** where the paper is read: its DOI, else its arXiv abstract page — a direct link, never a search */
  paperUrl?: string;
  paper?: PaperPublication;
  /** the paper's authors, in order (as printed on its first page) */
  paperAuthors: string[];
  description: string;
  tasks: TaskDef[];
}

/** The benchmarks and tasks the leaderboard hosts (INTERFACE.md identifiers). */
export const CATALOG: BenchmarkDef[] = [
  {
    slug: "bouncerbench",
    name: "BouncerBench",
    paperTitle: "Is Your Automated Software Engineer Trustworthy?",
    // the copy in ../seeds prints no id; arXiv:2506.17812 is the paper's arXiv page (arxiv.org/abs/2506.17812,
    // the same text) and the BibTeX of its site bouncerbench.com, which the paper names
    paperUrl: "https://arxiv.org/abs/2506.17812",
    paper: { year: 2025, arxiv: "2506.17812" },
    paperAuthors: ["Noble Saji Mathews", "Meiyappan Nagappan"],
    description:
      "Can an agent refuse? Input bouncers must reject vague or impossible tickets before work starts; output bouncers must reject patches that are wrong.",
    tasks: [
      {
        slug: "input",
        name: "Input bouncing",
        description:
          "Decide, from the ticket alone, whether to bounce (refuse) it. Truth: the SWE-bench Verified annotators' specification label; bounce iff the label is ≥ 2 (vague or impossible).",
        kind: "binary_abstention",
        primaryMetric: "F_m",
        options: { side: "input" },
      },
      {
        slug: "output",
        name: "Output bouncing",
        description:
          "Decide whether an agent's patch should be bounced. Truth: the patch is incorrect (some FAIL_TO_PASS or PASS_TO_PASS test fails).",
        kind: "binary_abstention",
        primaryMetric: "F_m",
        options: { side: "output" },
        synthetic: 1,
      },
      {
        slug: "lite",
        name: "Lite (pipeline)",
        description:
          "Input and output bouncers in one pipeline on the same 642 instances; ranked by the mean of the input and output F_m.",
        kind: "bouncer_pipeline",
        primaryMetric: "F_m_mean",
        options: {},
        synthetic: 2,
      },
    ],
  },
  {
    slug: "abstain-validate",
    name: "Abstain-and-Validate",
    paperTitle: "Abstain and Validate: A Dual-LLM Policy for Reducing Noise in Agentic Program Repair",
    paperUrl: "https://doi.org/10.1145/3786583.3786858",
    paper: {
      year: 2026,
      booktitle:
        "2026 IEEE/ACM 48th International Conference on Software Engineering: Software Engineering in Practice (ICSE-SEIP '26)",
      publisher: "ACM",
      doi: "10.1145/3786583.3786858",
    },
    paperAuthors: [
      "José Cambronero",
      "Michele Tufano",
      "Sherry Shi",
      "Renyao Wei",
      "Grant Uy",
      "Runxiang Cheng",
      "Chin-Jung Liu",
      "Shiyi Pan",
      "Pat Rondon",
      "Satish Chandra",
    ],
    description:
      "Scored abstention before repair and patch validation after it, measured with pass@k and filtered success@k.",
    tasks: [
      {
        slug: "repair",
        name: "Abstention + validation",
        description: "Predict, per bug, whether to attempt a repair, and per trajectory whether its patch is valid.",
        kind: "scored_abstention",
        primaryMetric: "combined_binary_success_at_1",
        options: {},
        synthetic: 3,
      },
    ],
  },
  {
    slug: "ci-bench",
    name: "CI-Bench",
    paperTitle: "CI-Bench: A Framework for Evaluating Large Language Model Tools on CI Failures",
    paperUrl: "https://doi.org/10.1145/3774748.3787606",
    paper: {
      year: 2026,
      booktitle: "2026 IEEE/ACM 48th International Conference on Software Engineering (ICSE-Companion '26)",
      publisher: "ACM",
      doi: "10.1145/3774748.3787606",
    },
    paperAuthors: ["Raian Latif Nabil", "Hao-Nan Zhu", "Cindy Rubio-González"],
    description: "Repair reproducible CI failures; patches are checked against the developer's fix.",
    tasks: [
      {
        slug: "repair",
        name: "CI repair",
        description:
          "Produce a patch for each failing CI build; ranked by the rate the server checks itself — patches token-equal to the developer's fix (SYE rate) — with the paper's headline, correct patches as reported (CO rate), and its SYE among plausible beside it.",
        kind: "ci_repair",
        primaryMetric: "SYE_rate",
        options: {},
        synthetic: 4,
      },
    ],
  },
  {
    slug: "cr-bench",
    name: "CR-Bench",
    paperTitle: "CR-Bench: Evaluating the Real-World Utility of AI Code Review Agents",
    // the copy in ../seeds prints no id; arXiv:2603.11078 is its arXiv page (arxiv.org/abs/2603.11078)
    paperUrl: "https://arxiv.org/abs/2603.11078",
    paper: { year: 2026, arxiv: "2603.11078" },
    paperAuthors: ["Kristen Pereira", "Neelabh Sinha", "Rajat Ghosh", "Debojyoti Dutta"],
    description: "Code review agents: find the known bug in each pull request without drowning reviewers in noise.",
    tasks: [
      {
        slug: "review",
        name: "Code review",
        description:
          "Review each pull request; comments are judged as bug hits, valid suggestions or noise. Ranked by F1 with recall per PR (each gold bug counted once); the paper's Eq. 2 F1 (bug-hit comments / bugs) beside it.",
        kind: "code_review",
        primaryMetric: "f1",
        options: {},
        synthetic: 5,
      },
    ],
  },
];

/**
 * Adds a benchmark to the catalog (a plugin's benchmark; the ones above are built in). Its tasks'
 * kinds must be registered (lib/tasks/index.ts); `syncCatalog` then stores it.
 * @throws Error when the slug is taken
 */
export function registerBenchmark(def: BenchmarkDef): void {
  const had = CATALOG.find((b) => b.slug === def.slug);
  if (had === def) return;
  if (had) throw new Error(`benchmark ${def.slug} is already in the catalog`);
  CATALOG.push(def);
}

/** A task's full slug ("bouncerbench/input") from its routes' parameters. */
export function fullSlugOf(p: { benchmark: string; task: string }): string {
  return `${p.benchmark}/${p.task}`;
}

export function findTaskDef(fullSlug: string): { benchmark: BenchmarkDef; task: TaskDef } | undefined {
  const [b, t] = fullSlug.split("/");
  const benchmark = CATALOG.find((x) => x.slug === b);
  const task = benchmark?.tasks.find((x) => x.slug === t);
  return benchmark && task ? { benchmark, task } : undefined;
}

export function taskOptions(fullSlug: string): TaskOptions {
  return findTaskDef(fullSlug)?.task.options ?? {};
}

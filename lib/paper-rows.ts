// The BouncerBench paper's own systems (Mathews & Nagappan, "Is Your Automated Software Engineer
// Trustworthy?"): which row of its Table II (Input) and Table III (Output) each shipped prediction
// file is, and the row with no published file. The seed submits these files under the paper's
// authors (lib/server/setup/seed.ts); the Input and Output boards name the rows
// (components/leaderboard/board-notes.tsx). Pure data: no scores here — the server computes them.

export interface PaperRow {
  /** the row's position in the paper's table (1-based, as printed) */
  row: number;
  /** the model name as the table prints it (also the submission's model) */
  model: string;
  /** the replication package's prediction file (prisma/seed-data/bouncerbench/) */
  file: string;
  /** open weights (gemma, qwen): the paper ran them locally with Ollama */
  oss: boolean;
  /** what the paper's §IV-A says of the setup */
  meta: { temperature?: number; reasoning_effort?: "low" | "medium" | "high" };
}

export interface PaperTable {
  /** the board these rows are on */
  task: string;
  /** "Table II" */
  table: string;
  caption: string;
  /** the team the seed files them under */
  team: string;
  rows: PaperRow[];
  /** rows of the table with no published prediction file */
  unpublished: { row: number; model: string; why: string }[];
}

export const PAPER_TEAM = "BouncerBench authors";

// §IV-A: temperature 0 for the non-reasoning models; o4-mini's is locked to 1 ("medium" effort),
// Qwen3 at its recommended 0.6
const MODELS: { model: string; oss: boolean; meta: PaperRow["meta"] }[] = [
  { model: "claude-3.7-sonnet", oss: false, meta: {} },
  { model: "gpt-4.1", oss: false, meta: {} },
  { model: "gemma3_27b-it-q8_0", oss: true, meta: { temperature: 0 } },
  { model: "o4-mini", oss: false, meta: { temperature: 1, reasoning_effort: "medium" } },
  { model: "qwen3_32b-q8_0", oss: true, meta: { temperature: 0.6 } },
];

const CODEX = {
  row: 6,
  model: "codex",
  why: "the agentic bouncer (OpenAI's Codex CLI on o4-mini, §IV-E): the replication package publishes no prediction file for it",
};

/** A table of the paper: the same six rows in the same order, each row's file named by its prefix. */
function paperTable(task: string, table: string, caption: string, prefix: string): PaperTable {
  return {
    task,
    table,
    caption,
    team: PAPER_TEAM,
    rows: MODELS.map((m, i) => ({
      row: i + 1,
      model: m.model,
      file: `${prefix}_${m.model}.json`,
      oss: m.oss,
      meta: m.meta,
    })),
    unpublished: [CODEX],
  };
}

/** Table II (Input) and Table III (Output). */
export const PAPER_TABLES: PaperTable[] = [
  paperTable("bouncerbench/input", "Table II", "Input-bouncer performance", "input_bouncer"),
  paperTable("bouncerbench/output", "Table III", "Output-bouncer performance", "output_bouncer"),
];

/** The paper's table shown on a task's board, or null. */
export function paperTableOf(task: string): PaperTable | null {
  return PAPER_TABLES.find((t) => t.task === task) ?? null;
}

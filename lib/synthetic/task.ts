/** One synthetic task: a release in the import format and the submissions made against it. */
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

/** A made-up id's number, zero-padded ("syn-lite-0042"). */
export const pad = (n: number, w = 4) => String(n).padStart(w, "0");

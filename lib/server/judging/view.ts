// Who judged a submission's verdicts, as its page and GET /api/v1/submissions/{id} show it: the
// team (the file's verdicts) or the server (its model, prompt version and template SHA-256), and
// while the server judges, its progress and what stopped it last. Counts only: no verdict or
// reason of the judge is ever shown (on a hidden release they would describe the hidden bugs).
import type { Sql } from "@/lib/server/db";
import { ServerJudgingDetails } from "@/lib/tasks/shared/schemas";
import { latestRunOf, runOf, runProgress, scoreJudgingOf } from "./judging.sql";
import { agreementView, correctedRates } from "./labels";

export interface JudgeView {
  by: "server" | "team";
  model?: string;
  promptVersion?: string;
  promptSha256?: string;
  /** while the server judges (absent once scored) */
  progress?: { judged: number; total: number; malformed: number; unit: string; error: string | null };
  /** comments whose answers never gave a class (counted as noise; docs/operations.md) */
  malformed?: number;
  /**
   * comments the host's screen found addressing the judge (issue 47): their text addressed to it was
   * taken out before judging, and one with nothing else in it counted as noise
   */
  addressedJudge?: number;
  /**
   * the file carried its own verdicts (self-judged): they are kept, never ranked; how far they agree
   * with the server's, over the comments that carried one (public releases only)
   */
  selfJudged?: {
    comments: number;
    agreement: number | null;
    kappa: number | null;
    /** bug-hit comments by the file's verdicts, and by the server's */
    ownBugHits: number;
    serverBugHits: number;
    /** PRs with a bug hit by the file's verdicts, and by the server's */
    ownPrsHit: number;
    serverPrsHit: number;
  };
  /**
   * the judge against the release's human labels, and this score's bug-hit rates corrected for its
   * errors (Lee et al. 2025), with 95% intervals counting the labels' uncertainty too
   */
  corrected?: {
    labeled: number;
    kappa: number | null;
    sensitivity: number | null;
    specificity: number | null;
    precision: { value: number; low: number; high: number };
    recallHits: { value: number; low: number; high: number };
  };
}

/** A submission's judge, null on tasks without one. `releaseId`: the release it is shown for (its upload's by default). */
export async function judgeView(
  sql: Sql,
  sub: {
    id: string;
    judgedBy: string | null;
    status: string;
    uploadReleaseId: string | null;
    /** the submission's stored system metadata (its judge_model / judge_prompt name a team's judge) */
    meta: unknown;
  },
  /** the score as the reader may see it: its metrics and PRs covered (corrected rates are computed from these) */
  score?: { metrics: Record<string, unknown>; covered: number; releaseId: string } | null,
): Promise<JudgeView | null> {
  if (sub.judgedBy === "team") {
    const m = (sub.meta ?? {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
    return {
      by: "team",
      ...(str(m.judge_model) ? { model: str(m.judge_model) } : {}),
      ...(str(m.judge_prompt) ? { promptVersion: str(m.judge_prompt) } : {}),
    };
  }
  if (sub.judgedBy !== "server") return null;
  const judging = score ? await judgingView(sql, sub.id, score.releaseId) : {};
  const run =
    (sub.uploadReleaseId ? await runOf(sql, sub.id, sub.uploadReleaseId) : null) ?? (await latestRunOf(sql, sub.id));
  if (!run) return { by: "server", ...judging };
  const p = await runProgress(sql, sub.id, run.release_id);
  const corrected = run.status === "done" && score ? await correctedView(sql, run, score) : null;
  return {
    by: "server",
    model: run.model,
    promptVersion: run.prompt_version,
    promptSha256: run.prompt_sha256,
    malformed: p.malformed,
    ...judging,
    ...(run.status === "judging"
      ? {
          progress: {
            judged: p.judged,
            total: p.total,
            malformed: p.malformed,
            unit: "comments",
            error: run.last_error,
          },
        }
      : {}),
    ...(corrected ? { corrected } : {}),
  };
}

/** What the shown score's details say of its judging: the screen's count, and a self-judged file's agreement. */
async function judgingView(
  sql: Sql,
  submissionId: string,
  releaseId: string,
): Promise<Pick<JudgeView, "addressedJudge" | "selfJudged">> {
  const stored = ServerJudgingDetails.safeParse(await scoreJudgingOf(sql, submissionId, releaseId));
  // nothing stored (a score from before issue 47, or one with nothing to say): no comment was flagged
  if (!stored.success) return { addressedJudge: 0 };
  const { addressedJudge, self } = stored.data;
  return {
    addressedJudge,
    ...(self
      ? {
          selfJudged: {
            comments: self.items,
            agreement: self.agreement,
            kappa: self.kappa,
            ownBugHits: self.ownPositives,
            serverBugHits: self.serverPositives,
            ownPrsHit: self.ownInstancesHit,
            serverPrsHit: self.serverInstancesHit,
          },
        }
      : {}),
  };
}

async function correctedView(
  sql: Sql,
  run: { model: string; prompt_sha256: string },
  score: { metrics: Record<string, unknown>; covered: number; releaseId: string },
): Promise<JudgeView["corrected"] | null> {
  const num = (k: string) => (typeof score.metrics[k] === "number" ? (score.metrics[k] as number) : null);
  const comments = num("comments");
  const bugHits = num("bug_hit");
  if (comments === null || bugHits === null || !score.covered) return null;
  // the judge measured on the labels of the release this score is on
  const a = await agreementView(sql, score.releaseId, { model: run.model, promptSha256: run.prompt_sha256 });
  if (!a) return null;
  const r = correctedRates(a.agreement, { comments, bugHits, prs: score.covered });
  if (!r) return null;
  const g = a.agreement;
  return { labeled: g.n, kappa: g.kappa, sensitivity: g.sensitivity, specificity: g.specificity, ...r };
}

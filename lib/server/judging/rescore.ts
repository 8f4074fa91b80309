// A server-judged submission scored again (a re-score, a new release): its comments' verdicts
// come from the cache; those a release has not seen judged yet are queued for the judge, and the
// submission's score on that release waits for them.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { log } from "@/lib/server/observability";
import type { ResolvedTask } from "@/lib/server/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import { judgeConfig } from "./config";
import { judgedSubmission, latestRunOf, runOf } from "./judging.sql";
import { planJudging, startJudging, withVerdicts } from "./plan";

type Json = Record<string, unknown>;

/**
 * The predictions a submission's score counts on a release: as stored for a team-judged one; with
 * the server's cached verdicts in place for a server-judged one. Null: some verdict is not cached
 * (its judging is queued here, and `judge-finish` writes the score), or no judge can decide it.
 */
export async function serverVerdictsFor(
  db: PrismaClient,
  task: ResolvedTask,
  submissionId: string,
  releaseId: string,
  instances: StoredInstance[],
  predictions: Map<string, Json>,
): Promise<Map<string, Json> | null> {
  const judge = task.kind.serverJudge;
  if (!judge) return predictions;
  const sql = sqlOf(db);
  const sub = await judgedSubmission(sql, submissionId);
  if (sub?.judged_by !== "server") return predictions;
  const cfg = judgeConfig();
  // the model of this release's run, else of the submission's last one, else the configured one
  const model =
    (await runOf(sql, submissionId, releaseId))?.model ?? (await latestRunOf(sql, submissionId))?.model ?? cfg?.model;
  if (model) {
    const plan = planJudging(judge, model, instances, predictions);
    const r = await withVerdicts(sql, judge, plan, predictions);
    if (!r.missing) return r.predictions;
  }
  if (!cfg) {
    log.warn({ submissionId, releaseId }, "a server-judged submission needs verdicts and no judge is configured");
    return null;
  }
  const plan = planJudging(judge, cfg.model, instances, predictions);
  await db.$transaction((tx) => startJudging(sqlOf(tx), submissionId, releaseId, plan, cfg));
  return null;
}

// A server-judged submission scored again (a re-score, a new release): its comments' verdicts
// come from the cache; those a release has not seen judged yet are queued for the judge, and the
// submission's score on that release waits for them.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { sqlOf } from "@/lib/server/db";
import { log } from "@/lib/server/observability";
import type { ResolvedTask } from "@/lib/server/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import { judgeConfig, sha256, verdictScope } from "./config";
import { judgedSubmission, latestRunOf, runHasLiveJobs, runOf, setJudgedBy } from "./judging.sql";
import { planJudging, startJudging, withVerdicts } from "./plan";

type Json = Record<string, unknown>;
/** Which score: a submission's on a release. */
type ScoreOf = { submissionId: string; releaseId: string };

/**
 * The predictions a submission's score counts on a release: with the server's cached verdicts in
 * place for a server-judged one, and — when the host has a judge — for every one (issue 47: a
 * team-judged file from before is judged by the host when next re-scored, and ranked on its
 * verdicts from then on; the file's own are kept beside them). As stored for a team-judged one on a
 * host without a judge, and for readers of what a stored score counted (`queue: false`). Null:
 * some verdict is not cached (its judging is queued here, charged to the host, and `judge-finish`
 * writes the score), or no judge can decide it.
 */
export async function serverVerdictsFor(
  db: PrismaClient,
  task: ResolvedTask,
  { submissionId, releaseId }: ScoreOf,
  { instances, predictions }: { instances: StoredInstance[]; predictions: Map<string, Json> },
  opts: { queue?: boolean } = {},
): Promise<Map<string, Json> | null> {
  const judge = task.kind.serverJudge;
  if (!judge) return predictions;
  const sql = sqlOf(db);
  const sub = await judgedSubmission(sql, submissionId);
  // on a hidden release only the server's verdicts count, whoever judged the file
  const hidden = (await db.release.findUnique({ where: { id: releaseId }, select: { hidden: true } }))?.hidden;
  const cfg = judgeConfig();
  const rejudge = cfg !== null && opts.queue !== false;
  if (sub?.judged_by !== "server" && !hidden && !rejudge) return predictions;
  const scope = verdictScope(Boolean(hidden), sub?.team_id ?? null, sub?.user_id ?? null);
  // a file's own verdicts are reported beside the server's on a public release only
  const keepOwn = !hidden;
  // the model of this release's run, else of the submission's last one, else the configured one
  const model =
    (await runOf(sql, submissionId, releaseId))?.model ?? (await latestRunOf(sql, submissionId))?.model ?? cfg?.model;
  if (model) {
    const plan = planJudging(judge, model, instances, predictions, scope);
    const r = await withVerdicts(sql, judge, plan, predictions, { keepOwn });
    if (!r.missing) {
      // the caller writes the score these verdicts give: the submission is the host's to judge now
      if (rejudge && sub && sub.judged_by !== "server") await setJudgedBy(sql, submissionId, "server");
      return r.predictions;
    }
  }
  if (opts.queue === false) return null;
  if (!cfg) {
    log.warn({ submissionId, releaseId }, "a server-judged submission needs verdicts and no judge is configured");
    return null;
  }
  // a run of this judge on this release is under way: its last job scores the submission (one
  // whose jobs gave up — days of outage — is started again)
  const run = await runOf(sql, submissionId, releaseId);
  const same = run?.status === "judging" && run.model === cfg.model && run.prompt_sha256 === sha256(judge.template);
  if (same && (await runHasLiveJobs(sql, submissionId, releaseId))) return null;
  // a run the host starts (a re-score, a publish, a run started again): the host pays, never the team
  const plan = planJudging(judge, cfg.model, instances, predictions, scope);
  await db.$transaction((tx) => startJudging(sqlOf(tx), { submissionId, releaseId }, plan, cfg, "host"));
  return null;
}

/**
 * The predictions a stored score counted, for readers that recompute from them (the back-fills,
 * snapshots): the server's cached verdicts in place for a server-judged submission; null when one
 * is not cached (nothing is queued here).
 */
export function scoredPredictions(
  db: PrismaClient,
  task: ResolvedTask,
  score: ScoreOf,
  instances: StoredInstance[],
  predictions: Map<string, Json>,
): Promise<Map<string, Json> | null> {
  return serverVerdictsFor(db, task, score, { instances, predictions }, { queue: false });
}

// The judge's jobs (issue 34): `judge-comments` asks the judge a few prompts of a run (on one of
// JUDGE_CONCURRENCY lane queues), `judge-finish` scores the submission once every prompt of its
// run has a verdict. Both are idempotent: a job killed at any point is run again by another
// worker (lib/server/jobs/heartbeat.ts) and redoes only what has no verdict yet.
import { logActivity } from "@/lib/server/activity";
import { sqlOf } from "@/lib/server/db";
import { auditInTransaction } from "@/lib/server/integrity";
import { defineUpkeep, queueUpkeep } from "@/lib/server/jobs";
import { log } from "@/lib/server/observability";
import { rescoreCompute, saveScore } from "@/lib/server/scoring";
import { resolvedTask, TASK_WITH_BENCHMARK } from "@/lib/server/tasks";
import { askForVerdict, JudgeUnavailable, overBudget } from "./ask";
import { judgeConfig, nextUtcMidnight } from "./config";
import {
  finishRun,
  insertVerdict,
  itemsOf,
  judgedSubmission,
  markJudgedScored,
  runOf,
  runProgress,
  setJudgedBy,
  setRunError,
} from "./judging.sql";
import { queueJudgeFinish } from "./plan";
import { serverVerdictsFor } from "./rescore";

/** A minute past the next 00:00 UTC: when the day's spending cap has opened again. */
const nextUtcDay = () => new Date(nextUtcMidnight().getTime() + 60_000);

export const judgeCommentsUpkeep = defineUpkeep("judge-comments", async (db, payload) => {
  const { submissionId, releaseId, keys } = payload;
  const sql = sqlOf(db);
  const run = await runOf(sql, submissionId, releaseId);
  if (!run || run.status === "done") return;
  const release = await db.release.findUnique({ where: { id: releaseId }, include: TASK_WITH_BENCHMARK });
  if (!release) return;
  const judge = resolvedTask(release.task).kind.serverJudge;
  const cfg = judgeConfig();
  if (!judge) return;
  if (!cfg) {
    const message = "this server's judge is no longer configured (JUDGE_URL, JUDGE_MODEL): judging resumes once it is";
    await setRunError(sql, submissionId, releaseId, message);
    throw new JudgeUnavailable(message);
  }
  // the run's keys name its model: ask that one, whatever the configuration says now
  const asked = { ...cfg, model: run.model };
  const items = await itemsOf(sql, submissionId, releaseId, keys);
  for (let k = 0; k < items.length; k++) {
    const cap = await overBudget(sql, cfg);
    if (cap) {
      await setRunError(sql, submissionId, releaseId, cap);
      await queueUpkeep(
        sql,
        "judge-comments",
        { submissionId, releaseId, keys: items.slice(k).map((i) => i.key) },
        { queue: `judge:${Math.floor(Math.random() * cfg.concurrency)}`, maxAttempts: 25, runAt: nextUtcDay() },
      );
      return;
    }
    const it = items[k];
    try {
      const v = await askForVerdict(sql, asked, judge, it.prompt);
      await insertVerdict(sql, {
        key: it.key,
        instanceId: it.instance_id,
        model: run.model,
        promptSha256: run.prompt_sha256,
        ...v,
      });
    } catch (e) {
      if (e instanceof JudgeUnavailable)
        await setRunError(sql, submissionId, releaseId, `${e.message}; judging resumes when it answers`);
      throw e;
    }
  }
  await setRunError(sql, submissionId, releaseId, null);
  if ((await runProgress(sql, submissionId, releaseId)).pending_keys === 0)
    await queueJudgeFinish(sql, submissionId, releaseId);
});

export const judgeFinishUpkeep = defineUpkeep("judge-finish", async (db, { submissionId, releaseId }) => {
  const sql = sqlOf(db);
  const run = await runOf(sql, submissionId, releaseId);
  if (!run || run.status === "done") return;
  if ((await runProgress(sql, submissionId, releaseId)).pending_keys > 0) return;
  const sub = await judgedSubmission(sql, submissionId);
  const release = await db.release.findUnique({ where: { id: releaseId }, include: TASK_WITH_BENCHMARK });
  if (!sub || !release) return;
  const task = resolvedTask(release.task);
  const s = await rescoreCompute(db, task, submissionId, release, {
    prepare: (instances, predictions) =>
      serverVerdictsFor(db, task, { submissionId, releaseId }, { instances, predictions }),
  });
  if (!s) return; // a verdict went missing: serverVerdictsFor queued the judging again
  const upload = sub.status === "judging" && sub.upload_release_id === releaseId;
  await db.$transaction(async (tx) => {
    const t = sqlOf(tx);
    const locked = await runOf(t, submissionId, releaseId, true);
    if (!locked || locked.status === "done") return;
    // reopened for another judge meanwhile (its own finish scores it), or a prompt not judged yet
    if (locked.model !== run.model || locked.prompt_sha256 !== run.prompt_sha256) return;
    if ((await runProgress(t, submissionId, releaseId)).pending_keys > 0) return;
    await saveScore(t, task, submissionId, releaseId, s);
    await finishRun(t, submissionId, releaseId);
    // a team-judged file from before the host had a judge, now ranked on the host's verdicts (issue 47)
    if (sub.judged_by !== "server") await setJudgedBy(t, submissionId, "server");
    if (!upload) return;
    await markJudgedScored(t, submissionId);
    // audited before it ranks, in the transaction that ranks it (issue 47), like any upload
    if (!sub.baseline) await auditInTransaction(t, db, submissionId);
    if (sub.visibility === "public" && !sub.baseline)
      await logActivity(t, {
        actor: { label: "system", userId: sub.user_id },
        action: "submission.public",
        target: { type: "submission", id: submissionId },
        taskId: sub.task_id,
        teamId: sub.team_id,
        public: true,
        after: {
          model: sub.model,
          release: release.version,
          judged: `server: ${run.model} · prompt ${run.prompt_version}`,
          ...(release.hidden ? {} : { [task.primaryMetric]: s.result?.primaryValue ?? null }),
        },
      });
  });
  log.info({ submissionId, releaseId, model: run.model }, "judged and scored");
});

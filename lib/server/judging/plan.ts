// Which verdicts an upload's score counts, and what the server's judge still has to decide:
// the prompts of a submission's comments (one per comment, deduplicated by verdict key), the
// verdicts already cached, and the judge run that decides the rest.
import { AppError, validationError, type Problem } from "@/lib/errors";
import type { Sql } from "@/lib/server/db";
import { queueUpkeep } from "@/lib/server/jobs";
import type { ResolvedTask } from "@/lib/server/tasks";
import type { ServerJudgeDef } from "@/lib/tasks/define";
import type { StoredInstance } from "@/lib/tasks/types";
import { judgeConfig, nextUtcMidnight, sha256, verdictKey, type JudgeConfig } from "./config";
import { setRunQueued, teamPromptsToday, upsertRun, verdictsOf } from "./judging.sql";

type Json = Record<string, unknown>;

/** Prompts one judge job asks, in order (a job is short, so a worker slot frees up often). */
export const KEYS_PER_JOB = 8;

export interface JudgePlan {
  model: string;
  version: string;
  templateSha: string;
  unit: string;
  /** distinct prompts, with how many comments share each */
  items: { key: string; instanceId: string; comments: number; prompt: string }[];
  /** per instance, its comments' keys in order (null: the screen left nothing to ask: `flaggedAs`) */
  keys: Map<string, (string | null)[]>;
  /** per instance, which of its comments the screen flagged (absent: none was) */
  flags: Map<string, boolean[]>;
  comments: number;
  /** comments the host's screen found addressing the judge (issue 47) */
  flagged: number;
}

/**
 * The prompts the judge needs for these predictions (every comment of every covered instance). The
 * host's screen runs first (issue 47): text addressed to the judge is taken out of each comment
 * before its prompt is filled, and a comment with nothing else in it is never asked.
 */
export function planJudging(
  judge: ServerJudgeDef<Json, Json>,
  model: string,
  instances: StoredInstance[],
  predictions: Map<string, Json>,
  scope = "",
): JudgePlan {
  const templateSha = sha256(judge.template);
  const items = new Map<string, JudgePlan["items"][number]>();
  const keys = new Map<string, (string | null)[]>();
  const flags = new Map<string, boolean[]>();
  let comments = 0;
  let flagged = 0;
  for (const inst of instances) {
    const p = predictions.get(inst.externalId);
    if (!p) continue;
    const screened = judge.screen?.(p);
    const ks = judge.prompts(inst.truth, screened?.prediction ?? p).map((prompt, k) => {
      if (screened && !screened.left[k]) return null;
      const key = verdictKey(inst.externalId, model, templateSha, prompt, scope);
      const it = items.get(key);
      if (it) it.comments++;
      else items.set(key, { key, instanceId: inst.externalId, comments: 1, prompt });
      return key;
    });
    const f = screened?.rules.map((r) => r.length > 0);
    if (f?.some(Boolean)) {
      flags.set(inst.externalId, f);
      flagged += f.filter(Boolean).length;
    }
    comments += ks.length;
    keys.set(inst.externalId, ks);
  }
  return {
    model,
    version: judge.version,
    templateSha,
    unit: judge.unit,
    items: [...items.values()],
    keys,
    flags,
    comments,
    flagged,
  };
}

/**
 * The predictions with the cached verdicts in place, and how many prompts have none yet (0: every
 * comment judged, the predictions can be scored) with their keys: the one read of the cache an
 * upload makes (its judge budget and its run start from `pending`). `keepOwn`: the file's own verdicts are kept beside
 * the server's (a public release; on a hidden one they would make the score an oracle of the
 * judge's verdicts on hidden bugs).
 */
export async function withVerdicts(
  sql: Sql,
  judge: ServerJudgeDef<Json, Json>,
  plan: JudgePlan,
  predictions: Map<string, Json>,
  opts: { keepOwn?: boolean } = {},
): Promise<{ predictions: Map<string, Json>; missing: number; pending: string[] }> {
  const cached = await verdictsOf(
    sql,
    plan.items.map((i) => i.key),
  );
  const pending = plan.items.filter((i) => !cached.has(i.key)).map((i) => i.key);
  if (pending.length) return { predictions, missing: pending.length, pending };
  const flaggedAs = judge.flaggedAs ?? judge.malformedAs;
  const out = new Map<string, Json>();
  for (const [id, p] of predictions) {
    const ks = plan.keys.get(id);
    out.set(
      id,
      ks
        ? judge.apply(
            p,
            ks.map((k) => (k === null ? flaggedAs : cached.get(k)!.classification)),
            {
              flagged: plan.flags.get(id),
              keepOwn: opts.keepOwn,
              // answers that never gave a class (counted as `malformedAs`): marked, so the score counts them apart
              unclassified: ks.map((k) => k !== null && cached.get(k)!.outcome === "malformed"),
            },
          )
        : p,
    );
  }
  return { predictions: out, missing: 0, pending };
}

export type UploadJudging =
  /** the task's verdicts are nobody's (no judge) or the team's own (in the file) */
  | { by: null | "team" }
  /** the server's judge decides: every verdict was cached (scored now) or some are pending */
  | {
      by: "server";
      plan: JudgePlan;
      predictions: Map<string, Json> | null;
      cfg: JudgeConfig;
      /** the plan's keys with no cached verdict when the upload was checked */
      pending: string[];
    };

/** The first comments without a verdict, as problems (the 422 of an upload no judge can decide). */
function unjudgedProblems(judge: ServerJudgeDef<Json, Json>, predictions: Map<string, Json>): Problem[] {
  const out: Problem[] = [];
  for (const [id, p] of predictions) {
    if (judge.judged(p)) continue;
    out.push({
      instanceId: id,
      field: "comments[].judgment",
      message: "no judgment, and this server runs no judge",
      expected: "bug_hit, valid_suggestion or noise on every comment (CR-Evaluator's classification)",
    });
    if (out.length >= 20) break;
  }
  return out;
}

/**
 * Who decides an upload's verdicts: the server's judge whenever the host has one (issue 47: every
 * upload on every release is ranked on the host's verdicts; a file's own verdicts are kept and
 * reported beside them as self-judged, on public releases). Without one: the team when every
 * comment carries a verdict on a public release; otherwise a 422 that says so (on a hidden release
 * always: a team cannot see the bugs there, and its own verdicts would be a free label oracle).
 * @throws AppError validation_failed
 */
export async function decideUploadJudging(
  sql: Sql,
  upload: {
    task: ResolvedTask;
    release: { hidden: boolean };
    instances: StoredInstance[];
    predictions: Map<string, Json>;
    /** whose verdict cache the upload shares (verdictScope) */
    scope?: string;
  },
  cfg: JudgeConfig | null = judgeConfig(),
): Promise<UploadJudging> {
  const { task, release, instances, predictions, scope = "" } = upload;
  const judge = task.kind.serverJudge;
  if (!judge) return { by: null };
  if (!cfg) {
    const allJudged = [...predictions.values()].every((p) => judge.judged(p));
    if (allJudged && !release.hidden) return { by: "team" };
    if (release.hidden)
      throw new AppError(
        "validation_failed",
        "this release keeps its bugs hidden, so only the server's judge (CR-Evaluator) may decide the verdicts, and this server has none configured (JUDGE_URL, JUDGE_MODEL): it cannot score this task now",
        {
          problemCount: 1,
          problems: [
            {
              field: "judgment",
              message: "no judge on this server",
              expected: "an operator to configure one (docs/operations.md)",
            },
          ],
        },
      );
    const problems = unjudgedProblems(judge, predictions);
    throw validationError(
      "some comments carry no judgment, and this server has no judge configured (JUDGE_URL, JUDGE_MODEL) to decide them: judge every comment yourself (CR-Evaluator, the paper's Listing 6) and name the judge",
      problems,
    );
  }
  const plan = planJudging(judge, cfg.model, instances, predictions, scope);
  const {
    predictions: judged,
    missing,
    pending,
  } = await withVerdicts(sql, judge, plan, predictions, {
    keepOwn: !release.hidden,
  });
  return { by: "server", plan, predictions: missing ? null : judged, cfg, pending };
}

/**
 * Who pays for a judge run's prompts: the team whose upload it judges (its daily budget counts
 * them), or the host — the runs the host starts itself (a re-score, a publish, a judge run started
 * again) never count against a team (issue 47).
 */
export type JudgeCharge = "team" | "host";

/**
 * Opens a submission's judge run on a release and queues its prompts that have no verdict yet, in
 * the caller's transaction: jobs of KEYS_PER_JOB prompts on `cfg.concurrency` lanes (queues
 * judge:0…), so no more requests are in flight at once, across every worker, than configured.
 * `charge`: who pays for them — an upload's run its team (the default: the upload path), a run the
 * host starts the host (its team's budget is not touched).
 */
export async function startJudging(
  sql: Sql,
  /** `pending`: the plan's keys without a verdict, when the caller has read them (else read here) */
  { submissionId, releaseId, pending: known }: { submissionId: string; releaseId: string; pending?: string[] },
  plan: JudgePlan,
  cfg: JudgeConfig,
  charge: JudgeCharge = "team",
): Promise<void> {
  await upsertRun(
    sql,
    { submissionId, releaseId, model: plan.model, promptVersion: plan.version, promptSha256: plan.templateSha },
    plan.items,
  );
  // a verdict that arrives after `known` was read is skipped by the judge's job (itemsOf)
  const pending = known ?? (await pendingKeys(sql, plan));
  if (charge === "team") await setRunQueued(sql, submissionId, releaseId, pending);
  const lane0 = Math.floor(Math.random() * cfg.concurrency);
  for (let at = 0, n = 0; at < pending.length; at += KEYS_PER_JOB, n++)
    await queueUpkeep(
      sql,
      "judge-comments",
      { submissionId, releaseId, keys: pending.slice(at, at + KEYS_PER_JOB) },
      // a judge outage: retried with graphile-worker's backoff (e^attempt s, at most ~6 h apart) for days
      { queue: `judge:${(lane0 + n) % cfg.concurrency}`, maxAttempts: 25 },
    );
  if (!pending.length) await queueJudgeFinish(sql, submissionId, releaseId);
}

/** The plan's keys with no cached verdict. */
async function pendingKeys(sql: Sql, plan: JudgePlan): Promise<string[]> {
  const cached = await verdictsOf(
    sql,
    plan.items.map((i) => i.key),
  );
  return plan.items.filter((i) => !cached.has(i.key)).map((i) => i.key);
}

/** Queues the scoring of a judged run (one waiting job per run). */
export function queueJudgeFinish(sql: Sql, submissionId: string, releaseId: string) {
  return queueUpkeep(
    sql,
    "judge-finish",
    { submissionId, releaseId },
    { jobKey: `judge-finish:${submissionId}:${releaseId}`, maxAttempts: 10 },
  );
}

/**
 * One team may send at most `cfg.teamDailyPrompts` new prompts to the judge per UTC day (each a
 * paid request; the daily cap is everyone's): past it, a 429 saying when it opens again.
 * @throws AppError quota_exceeded
 */
export async function assertJudgeBudget(sql: Sql, teamId: string | null, fresh: number, cfg: JudgeConfig) {
  if (!teamId || !cfg.teamDailyPrompts) return;
  const used = await teamPromptsToday(sql, teamId);
  if (used + fresh <= cfg.teamDailyPrompts) return;
  const reset = nextUtcMidnight().getTime();
  throw new AppError(
    "quota_exceeded",
    `the judge's budget for your team is ${cfg.teamDailyPrompts} new comments a day: ${used} sent today, this file has ${fresh} more; it opens again at ${new Date(reset).toISOString()}`,
    { judgeBudget: cfg.teamDailyPrompts, usedToday: used, thisFile: fresh },
    { "retry-after": String(Math.max(1, Math.ceil((reset - Date.now()) / 1000))) },
  );
}

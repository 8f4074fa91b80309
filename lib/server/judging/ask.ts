// One prompt through the judge: the shared request budget (per minute, per day), the request with
// its retries, and the answer read into a verdict.
import type { Sql } from "@/lib/server/db";
import type { ServerJudgeDef } from "@/lib/tasks/define";
import { askJudge } from "./client";
import type { JudgeConfig } from "./config";
import { addSpend, spendToday, takeRateSlot } from "./judging.sql";
import { log } from "@/lib/server/observability";

type Json = Record<string, unknown>;

/** Attempts at a request that failed for a passing reason (timeout, 429, 5xx), within one job run. */
const TRANSIENT_TRIES = 3;
/** Attempts at an answer with no class in it before it counts as malformed. */
const MALFORMED_TRIES = 3;

/** The judge could not be asked now (an outage, a refusal): the job is retried later. */
export class JudgeUnavailable extends Error {
  override name = "JudgeUnavailable";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Why the day's budget stops judging now (null: it does not). */
export async function overBudget(sql: Sql, cfg: JudgeConfig): Promise<string | null> {
  if (!cfg.dailyTokens && !cfg.dailyRequests) return null;
  const s = await spendToday(sql);
  if (cfg.dailyTokens && s.tokens >= cfg.dailyTokens)
    return `the judge's daily spending cap is reached (${s.tokens} of ${cfg.dailyTokens} tokens, JUDGE_DAILY_TOKENS): judging resumes after 00:00 UTC`;
  if (cfg.dailyRequests && s.calls >= cfg.dailyRequests)
    return `the judge's daily spending cap is reached (${s.calls} of ${cfg.dailyRequests} requests, JUDGE_DAILY_REQUESTS): judging resumes after 00:00 UTC`;
  return null;
}

/** Waits for a request of this minute's budget (shared by every process). */
async function rateSlot(sql: Sql, rpm: number): Promise<void> {
  while (!(await takeRateSlot(sql, rpm))) {
    const toNextMinute = 60_000 - (Date.now() % 60_000);
    await sleep(toNextMinute + Math.floor(Math.random() * 250));
  }
}

export interface Verdict {
  classification: string;
  reason: string;
  outcome: "ok" | "malformed";
  attempts: number;
  promptTokens: number;
  completionTokens: number;
}

/**
 * Asks the judge one prompt (temperature 0). A passing failure is retried with backoff (the
 * endpoint's Retry-After when it gives one); an answer without a class is asked again, then counted
 * as `judge.malformedAs` (outcome "malformed"), as is a prompt the endpoint refuses (400, 413, 422).
 * Every answered request is counted in today's spend.
 * @throws JudgeUnavailable when the endpoint keeps failing or refuses (the job retries later)
 */
export async function askForVerdict(
  sql: Sql,
  cfg: JudgeConfig,
  judge: ServerJudgeDef<Json, Json>,
  prompt: string,
): Promise<Verdict> {
  let transient = 0;
  let malformed = 0;
  let attempts = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  for (;;) {
    await rateSlot(sql, cfg.rpm);
    attempts++;
    const reply = await askJudge(cfg, prompt);
    if (!reply.ok)
      log.warn({ judge: cfg.url, model: cfg.model, status: reply.status, msg: reply.message }, "judge request failed");
    if (reply.ok) {
      promptTokens += reply.promptTokens;
      completionTokens += reply.completionTokens;
      await addSpend(sql, reply.promptTokens, reply.completionTokens);
      const v = judge.parse(reply.content);
      if (v)
        return { classification: v.verdict, reason: v.reason, outcome: "ok", attempts, promptTokens, completionTokens };
      if (++malformed >= MALFORMED_TRIES)
        return {
          classification: judge.malformedAs,
          reason: `no classification in ${malformed} answers (the last began: ${JSON.stringify(reply.content.slice(0, 200))})`,
          outcome: "malformed",
          attempts,
          promptTokens,
          completionTokens,
        };
      continue;
    }
    // a prompt the endpoint refuses (too long for the model…) gets no class: counted as the others
    if (reply.refused)
      return {
        classification: judge.malformedAs,
        reason: `the judge refused the prompt (HTTP ${reply.status})`,
        outcome: "malformed",
        attempts,
        promptTokens,
        completionTokens,
      };
    if (!reply.retryable || ++transient >= TRANSIENT_TRIES) throw new JudgeUnavailable(reply.message);
    await sleep(Math.min(30_000, reply.retryAfterMs ?? 1000 * 2 ** (transient - 1)));
  }
}

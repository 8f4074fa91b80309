// What an upload's turn in the scoring pool comes to (./scoring-pool.ts): the thread's result, or
// the AppError its client is answered with. A refusal before the upload started is a 503 with
// Retry-After (the CLI and the form send it again), never a 408: the time budget is for scoring.
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { DispatchOutcome } from "./fifo-dispatcher";
import type { IngestResult } from "./ingest";
import type { ThreadOutcome } from "./score-thread";

/** Seconds a refused upload is told to wait before it is sent again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The thread's answer, or the AppError of a refusal, a budget passed or a thread that failed.
 * @throws AppError busy (queue full, or waited SCORING_QUEUE_WAIT_SEC), request_timeout (ran
 *   SCORING_TIMEOUT_SEC), payload_too_large (out of memory), the thread's own AppError, or the error
 */
export function scoringResultOf(outcome: DispatchOutcome<ThreadOutcome>): IngestResult {
  const env = getEnv();
  if (!outcome.ok) {
    if (outcome.refused === "queue_full") throw busy("the server is scoring many files now");
    if (outcome.refused === "wait_exceeded")
      throw busy(`this file waited ${env.SCORING_QUEUE_WAIT_SEC} s for a scoring thread: nothing was stored`);
    if (outcome.refused === "run_timeout")
      throw new AppError(
        "request_timeout",
        `validating and scoring this file took longer than ${env.SCORING_TIMEOUT_SEC} s: nothing was stored; split it, or send it again when the server is less busy`,
      );
    const err = outcome.error as Error & { code?: string };
    if (err?.code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory/i.test(err?.message ?? "")) {
      throw new AppError(
        "payload_too_large",
        `this file needs more than ${env.SCORING_MEMORY_MB} MB of memory to validate and score: nothing was stored`,
      );
    }
    throw outcome.error;
  }
  const out = outcome.value;
  if (out.ok && "result" in out) return out.result;
  if (out.ok) throw new Error("a scoring thread answered an upload as a warm-up");
  if (out.status >= 500 && out.code === "internal") throw new Error(`scoring thread failed: ${out.message}`);
  throw new AppError(out.code as AppError["code"], out.message, out.details, out.headers);
}

function busy(why: string): AppError {
  return new AppError(
    "busy",
    `${why}: send this one again in a few seconds`,
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
    { "retry-after": String(RETRY_AFTER_SECONDS) },
  );
}

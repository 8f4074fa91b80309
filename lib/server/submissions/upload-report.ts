// One structured log line per upload, and the scoring queue's histograms (issue 46): what came in
// (task, bytes), which way it went (a scoring thread here, or a job worker), how long it waited
// for a thread and how long it was scored, and what it was answered. A line carries the request
// id (the log's mixin) and the submission id once stored; never the file or the form's fields.
import { AppError, STATUS_BY_CODE } from "@/lib/errors";
import { log, observeScoring, type ScoringWaitOutcome } from "@/lib/server/observability";
import type { ScoringReport } from "./scoring-pool";

/** What an upload was answered with, as its route does (201 stored, 200 a dry run, 202 later). */
type Answered = { id: string | null; status: "scored" | "validated" | "judging" | "queued" };

export interface UploadFacts {
  task: string;
  teamId: string | null;
  dryRun: boolean;
  /** bytes of the file received (the whole file, or up to where it was refused) */
  bytes: number;
  /** "thread": read whole and scored here; "worker": kept for a job worker (202) */
  path: "thread" | "worker" | null;
  scoring: ScoringReport;
  /** ms from the upload's first byte to its answer */
  totalMs: number;
}

/** The HTTP status an upload is answered with: its result's, or its error's. */
export function uploadStatus(end: { result: Answered } | { error: unknown }): number {
  if ("result" in end) {
    const { id, status } = end.result;
    if (status === "queued" || status === "judging") return 202;
    return id ? 201 : 200;
  }
  if (end.error instanceof AppError) return STATUS_BY_CODE[end.error.code];
  return 500;
}

/** Writes the upload's log line and, when it reached the scoring queue, the queue's histograms. */
export function reportUpload(facts: UploadFacts, end: { result: Answered } | { error: unknown }): void {
  const status = uploadStatus(end);
  const s = facts.scoring;
  const line = {
    event: "upload",
    submissionId: "result" in end ? end.result.id : null,
    task: facts.task,
    teamId: facts.teamId,
    dryRun: facts.dryRun,
    bytes: facts.bytes,
    path: facts.path,
    queueWaitMs: s.waitMs === undefined ? null : Math.round(s.waitMs),
    scoringMs: s.runMs == null ? null : Math.round(s.runMs),
    status,
    outcome: "result" in end ? end.result.status : end.error instanceof AppError ? end.error.code : "error",
    refused: s.refused ?? null,
    // this process's n-th upload to reach the queue, and to start scoring: equal orders, first come first scored
    arrived: s.arrived ?? null,
    started: s.started ?? null,
    ahead: s.ahead ?? null,
    totalMs: Math.round(facts.totalMs),
  };
  if (status >= 500) log.warn(line, "upload");
  else log.info(line, "upload");
  // a wait that ended in a start or a refusal (not one cut short by the pool closing)
  const outcome: ScoringWaitOutcome | null =
    s.started != null ? "started" : s.refused === "queue_full" || s.refused === "wait_exceeded" ? s.refused : null;
  if (!outcome || s.waitMs === undefined) return;
  observeScoring(
    { outcome, seconds: s.waitMs / 1000 },
    s.runMs == null ? undefined : { status, seconds: s.runMs / 1000 },
  );
}

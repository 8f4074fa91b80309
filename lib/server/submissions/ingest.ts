import crypto from "node:crypto";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import { from as copyFrom } from "pg-copy-streams";
import {
  COPY_PREDICTIONS,
  deletePredictionsOf,
  insertScoringSubmission,
  ladderOutcome,
  liveDuplicateOf,
  markSubmissionScored,
  takenRunOf,
  type SubmissionForm,
} from "./ingest.sql";
import type { AuditView, ValidationReport } from "@/lib/contracts/submissions";
import { getDatabase, type RawConnection, type Sql, sqlOf } from "@/lib/server/db";
import { AppError, validationError } from "@/lib/errors";
import { submissionRef } from "@/lib/submission-ref";
import type { PredictionEntry } from "@/lib/files/parse-prediction-file";
import { PredictionStream } from "@/lib/files/stream-predictions";
import { getEnv } from "@/lib/env";
import type { Metrics } from "@/lib/tasks/types";
import type { SystemMeta } from "@/lib/validations/common";
import { finishValidation, PARSE_SLICE, PredictionValidator } from "@/lib/tasks/validate";
import { logActivity } from "@/lib/server/activity";
import { assertModelNameAvailable, skeleton } from "@/lib/server/names";
import { holdQuota } from "@/lib/server/limits";
import { computeScore, saveScore, type ComputedScore } from "@/lib/server/scoring";
import { getReleaseOrThrow, getTaskById, type ResolvedTask } from "@/lib/server/tasks";
import { getReleaseInstances } from "@/lib/server/cache";
import { auditInTransaction, readAuditView, UPLOADER } from "@/lib/server/integrity";
import {
  assertJudgeBudget,
  decideUploadJudging,
  judgeConfig,
  startJudging,
  verdictScope,
  type UploadJudging,
} from "@/lib/server/judging";
import { assertJudgeNamed } from "@/lib/tasks/shared/judge";

/** What a submission row records besides its predictions (form fields, API fields). */
export interface SubmissionMeta {
  model: string;
  system?: string;
  oss?: boolean;
  site?: string;
  visibility?: "public" | "private";
  costUsd?: number;
  tokens?: number;
  runtimeSec?: number;
  /** a link to the run's logs or trajectories */
  logsUrl?: string;
  /** structured system metadata (agent, base model, judge, …) */
  meta?: SystemMeta;
  /** a composed Lite entry's sources (set by compose.ts, never by a form) */
  composedOf?: { input: string; output: string };
  /** server-computed baseline entries */
  baseline?: string;
  synthetic?: boolean;
}

/** A submission's form as stored: what was not given is null (or the default visibility, public). */
export function submissionForm(
  meta: SubmissionMeta,
  file: { size: number; sha256: string },
  modelSkeleton: string,
): SubmissionForm {
  return {
    model: meta.model,
    system: meta.system ?? null,
    oss: meta.oss ?? false,
    site: meta.site ?? null,
    visibility: meta.visibility ?? "public",
    costUsd: meta.costUsd ?? null,
    tokens: meta.tokens ?? null,
    runtimeSec: meta.runtimeSec ?? null,
    logsUrl: meta.logsUrl ?? null,
    meta: meta.meta ?? {},
    composedOf: meta.composedOf ?? null,
    modelSkeleton,
    fileSize: file.size,
    fileSha256: file.sha256,
  };
}

// the upload's report: one shape, the API's (lib/contracts/submissions.ts)
export type { ValidationReport };

const MISSING_SAMPLE = 20;

function report(
  format: string,
  rows: number,
  score: ComputedScore,
  release: { version: string },
  warnings: string[],
): ValidationReport {
  return {
    format,
    rows,
    covered: score.covered,
    total: score.total,
    missing: score.missing.length,
    missingSample: score.missing.slice(0, MISSING_SAMPLE),
    partial: score.partial,
    release: release.version,
    warnings: [
      ...(score.partial
        ? [
            `partial: ${score.covered} of ${score.total} instances covered; scored on those and left out of the default ranking`,
          ]
        : []),
      ...warnings.slice(0, 100),
      ...(warnings.length > 100 ? [`… and ${warnings.length - 100} more warnings`] : []),
    ],
  };
}

/** What the report says of who decides the verdicts, when the server's judge does. */
function judgingWarnings(judging: UploadJudging, hidden: boolean): string[] {
  if (judging.by !== "server") return [];
  const p = judging.plan;
  const out: string[] = [];
  if (hidden)
    out.push("this release is hidden: the server's judge decides every comment (verdicts in a file are not used)");
  const cached = judging.predictions ? p.comments : null;
  out.push(
    cached !== null
      ? `judged by the server (${p.model}, prompt ${p.version}): all ${p.comments} ${p.unit} had verdicts already`
      : `judged by the server (${p.model}, prompt ${p.version}): ${p.comments} ${p.unit} (${p.items.length} distinct) are being judged; the scores follow when the last verdict is in`,
  );
  return out;
}

const csv = (s: string) => `"${s.replace(/"/g, '""')}"`;

export interface IngestInput {
  /** the task's id (an upload crosses into a scoring thread or a job as data: ids, never slugs) */
  taskId: string;
  /** the file's bytes as they arrive */
  source: AsyncIterable<Uint8Array>;
  fileName?: string;
  teamId: string | null;
  userId: string | null;
  /** the form's other fields; may resolve only after the file (multipart order is the sender's) */
  meta: (SubmissionMeta & { dryRun?: boolean }) | Promise<SubmissionMeta & { dryRun?: boolean }>;
  /** validate only: nothing is stored */
  dryRun?: boolean;
  /** an existing queued submission row to fill (uploads scored by a worker) */
  submissionId?: string;
  /** count it against the team's upload quota (not for admins, seeds and re-runs of queued uploads) */
  quota?: boolean;
  /** who uploads, for the activity log (a new public entry is on the task's changelog) */
  actorLabel?: string;
}

export interface IngestResult {
  id: string | null;
  /** judging: stored, its comments waiting for the server's judge (scored when judged) */
  status: "scored" | "validated" | "judging";
  metrics: Metrics;
  validation: ValidationReport;
  hidden: boolean;
  /** hidden releases: what the Ladder released of this score (metrics rounded to the margin) */
  ladder: { released: boolean; margin: number | null; metrics: Metrics } | null;
  fileSize: number;
  sha256: string;
  /** the integrity audit run inside the upload, as its team may read it (none: a dry run, a baseline, judging) */
  audit?: AuditView;
}

type Checked = Awaited<ReturnType<Upload["check"]>>;

/** A dry run asked for in a field after the file: everything written is rolled back. */
class DryRunAfterFile {
  constructor(readonly out: Checked) {}
}

/**
 * One upload on its way in: the file hashed and parsed as it arrives, checked against the current
 * release, then (unless a dry run) stored with its score in one transaction. Each phase is a
 * method; ingestPredictions runs them in order.
 */
class Upload {
  private hash = crypto.createHash("sha256");
  size = 0;
  private parser: PredictionStream;
  private v: PredictionValidator;

  private constructor(
    readonly input: IngestInput,
    readonly database: Awaited<ReturnType<typeof getDatabase>>,
    readonly task: ResolvedTask,
    readonly release: Awaited<ReturnType<typeof getReleaseOrThrow>>,
    readonly instances: Awaited<ReturnType<typeof getReleaseInstances>>,
  ) {
    this.parser = new PredictionStream(input.fileName);
    this.v = new PredictionValidator(task, instances, getEnv().MAX_PREDICTION_BYTES, { suggestIds: !release.hidden });
  }

  static async open(input: IngestInput): Promise<Upload> {
    const database = await getDatabase();
    const task = await getTaskById(database.prisma, input.taskId);
    const release = await getReleaseOrThrow(database.prisma, task.id);
    const instances = await getReleaseInstances(database.prisma, release.id, true);
    return new Upload(input, database, task, release, instances);
  }

  /** Reads the file to its end (or to the first slice past a flood), writing each valid prediction. */
  async consume(write: ((id: string, json: string) => Promise<void>) | null): Promise<void> {
    const { parser, v } = this;
    const handle = async (entries: PredictionEntry[]) => {
      for (const e of entries) {
        if (v.stopped) return;
        const json = v.accept(e);
        if (json !== null && write && v.problemCount === 0 && parser.problems.length === 0) await write(e.id, json);
      }
    };
    read: for await (const chunk of this.input.source) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      this.hash.update(buf);
      this.size += buf.length;
      // a slice at a time, so that a flood (unknown ids, more entries than instances) is cut
      // after at most one slice, and the rest of the file is never parsed nor read
      for (let at = 0; at < buf.length; at += PARSE_SLICE) {
        parser.write(buf.subarray(at, Math.min(buf.length, at + PARSE_SLICE)));
        await handle(parser.drain());
        if (v.stopped) break read;
      }
    }
    if (!v.stopped) {
      parser.end();
      await handle(parser.drain());
    }
  }

  /** The file's problems (a 422), who judges its verdicts, its score and its report. */
  async check(sql: Sql) {
    const { task, release, instances } = this;
    const checked = finishValidation(this.parser, this.v);
    // CR-Bench: the file's verdicts, or the server judge's (cached ones now, the rest by its jobs)
    const judging = await decideUploadJudging(
      sql,
      {
        task,
        release,
        instances,
        predictions: checked.predictions,
        scope: verdictScope(release.hidden, this.input.teamId, this.input.userId),
      },
      judgeConfig(),
    );
    const judged = judging.by === "server" ? judging.predictions : checked.predictions;
    // while verdicts are pending, the score computed here serves the report's coverage only
    const score = computeScore(task, instances, judged ?? checked.predictions, {
      bootstrapSeed: release.bootstrapSeed,
    });
    if (release.hidden && score.partial) {
      throw validationError("this release keeps its ground truth hidden: a submission must cover every instance", [
        {
          message: `${score.missing.length} of ${score.total} instances have no prediction (e.g. ${score.missing.slice(0, 5).join(", ")})`,
        },
      ]);
    }
    const warnings = [...judgingWarnings(judging, release.hidden), ...checked.warnings];
    return {
      score,
      judging,
      pending: judging.by === "server" && !judging.predictions,
      validation: report(checked.format, checked.rows, score, release, warnings),
    };
  }

  /** A team-judged file names its judge (without a judge on the server, the form's check did: ./system-meta.ts). */
  assertJudgeNamed(judging: UploadJudging, given: SubmissionMeta): void {
    if (judging.by === "team" && judgeConfig()) assertJudgeNamed(this.task.kind.judge, given.meta ?? {});
  }

  /** What a dry run answers: the report, and metrics unless the release is hidden (a free label oracle) or judging waits. */
  dryRunResult(c: Checked): IngestResult {
    return {
      id: null,
      status: "validated",
      metrics: c.pending || this.release.hidden ? {} : (c.score.result?.metrics ?? {}),
      validation: c.validation,
      hidden: this.release.hidden,
      ladder: null,
      fileSize: this.size,
      sha256: this.hash.digest("hex"),
    };
  }

  /** Streams the predictions into the submission's rows (COPY), in the caller's transaction. */
  async copyPredictions(conn: RawConnection, id: string): Promise<void> {
    const sql = sqlOf(conn);
    const { input, task, release } = this;
    if (input.submissionId) await deletePredictionsOf(sql, id);
    else
      await insertScoringSubmission(sql, {
        id,
        taskId: task.id,
        teamId: input.teamId,
        userId: input.userId,
        fileName: input.fileName ?? null,
        releaseId: release.id,
      });
    const copy = conn.client.query(copyFrom(COPY_PREDICTIONS));
    let copyError: Error | null = null;
    copy.on("error", (e: Error) => (copyError = e));
    const write = async (externalId: string, json: string) => {
      if (copyError) return;
      if (!copy.write(`${id},${csv(externalId)},${csv(json)}\n`)) {
        await Promise.race([once(copy, "drain"), once(copy, "error").catch(() => undefined)]);
      }
    };
    try {
      await this.consume(write);
    } finally {
      copy.end();
      await finished(copy).catch((e) => (copyError ??= e));
    }
    if (copyError) throw copyError;
  }

  /**
   * The checks that need the database: the team's quota, the model name's owner, a byte-identical
   * live file of the team. Returns the model's skeleton and the file's SHA-256.
   * @throws AppError quota / conflict
   */
  async claim(sql: Sql, id: string, meta: SubmissionMeta): Promise<{ modelSkeleton: string; sha256: string }> {
    const { input, task, release } = this;
    if (input.quota && input.teamId && !input.submissionId) await holdQuota(sql, task, release, input.teamId);
    // a model name belongs to the first team that used it on the task, look-alikes included
    // (checked for counted uploads: admins, seeds and baselines are trusted; a queued upload was checked when queued)
    const modelSkeleton =
      input.quota && !input.submissionId
        ? await assertModelNameAvailable(sql, {
            taskId: task.id,
            teamId: input.teamId,
            model: meta.model,
            submissionId: id,
          })
        : skeleton(meta.model);
    const sha256 = this.hash.digest("hex");
    // the same file twice is the same row twice: refused, naming the one that stands
    if (input.teamId && !meta.baseline) {
      const dup = await liveDuplicateOf(sql, { taskId: task.id, teamId: input.teamId, sha256, id });
      if (dup)
        throw new AppError(
          "conflict",
          dup.hidden
            ? `this file is byte-identical (SHA-256 ${sha256.slice(0, 12)}…) to your team's ${submissionRef(dup)}, which the maintainers hid: the same file cannot come back as a new submission`
            : `this file is byte-identical (SHA-256 ${sha256.slice(0, 12)}…) to your team's ${submissionRef(dup)}, ${dup.visibility}, uploaded ${dup.created_at.toISOString().slice(0, 10)} and still live: withdraw it first, or upload a different file`,
          { field: "file", submissionId: dup.id, sha256 },
        );
    }
    if (input.teamId && !meta.baseline && meta.meta?.run !== undefined)
      await assertRunFree(sql, task.id, input.teamId, id, meta);
    return { modelSkeleton, sha256 };
  }

  /** Stores the score (or opens the judge's run), the submission's form and report, its changelog entry. */
  async record(
    sql: Sql,
    id: string,
    c: Checked,
    meta: SubmissionMeta,
    claimed: { modelSkeleton: string; sha256: string },
  ) {
    const { input, task, release } = this;
    const { score, judging, pending, validation } = c;
    if (pending && judging.by === "server") {
      // scored by the judge run's last job (lib/server/judging), which also queues the audit;
      // counted uploads spend their team's daily judge budget (admins, seeds are not counted)
      // the verdict cache was read once, when the upload was checked: its pending keys serve both
      if (input.quota) await assertJudgeBudget(sql, input.teamId, judging.pending.length, judging.cfg);
      await startJudging(
        sql,
        { submissionId: id, releaseId: release.id, pending: judging.pending },
        judging.plan,
        judging.cfg,
      );
    } else {
      await saveScore(sql, task, id, release.id, score);
    }
    await markSubmissionScored(sql, id, {
      ...submissionForm(meta, { size: this.size, sha256: claimed.sha256 }, claimed.modelSkeleton),
      baseline: meta.baseline ?? null,
      synthetic: meta.synthetic ?? release.synthetic,
      format: validation.format,
      fileName: input.fileName ?? null,
      validation,
      releaseId: release.id,
      status: pending ? "judging" : "scored",
      judgedBy: judging.by,
    });
    // a judged upload is on the changelog once scored (lib/server/judging)
    if ((meta.visibility ?? "public") === "public" && !meta.baseline && !pending)
      await logActivity(sql, {
        actor: { label: input.actorLabel ?? "system", userId: input.userId },
        action: "submission.public",
        target: { type: "submission", id },
        taskId: task.id,
        teamId: input.teamId,
        public: true,
        after: {
          model: meta.model,
          release: release.version,
          ...(release.hidden ? {} : { [task.primaryMetric]: score.result?.primaryValue ?? null }),
        },
      });
  }

  /**
   * The integrity audit (issues 34, 47), last in the upload's transaction: a public upload it finds
   * to be a near-copy of a public submission, or to reproduce a public release's truth, is held
   * for review before anyone sees it ranked. Answers what the uploader's team may read of it.
   */
  async audit(sql: Sql, id: string): Promise<AuditView> {
    await auditInTransaction(sql, this.database.prisma, id);
    return readAuditView(sql, id, UPLOADER);
  }

  /** Hidden releases: what the Ladder released of the stored score. */
  async ladder(sql: Sql, id: string): Promise<IngestResult["ladder"]> {
    const l = await ladderOutcome(sql, id, this.release.id);
    return {
      released: l?.ladder_released === true,
      margin: l?.ladder_margin ?? null,
      metrics: l?.ladder_metrics ?? {},
    };
  }
}

/**
 * Upload → validate → score → store, streamed and all-or-nothing. The file is hashed and parsed
 * as it arrives; each valid prediction is written at once through COPY inside one transaction
 * (with the submission row and its score), and only what the scorer reads stays in memory. Any
 * problem rolls everything back and answers one 422 listing the problems.
 */
export async function ingestPredictions(input: IngestInput): Promise<IngestResult> {
  const up = await Upload.open(input);
  if (input.dryRun) {
    await up.consume(null);
    const c = await up.check(sqlOf(up.database.prisma));
    up.assertJudgeNamed(c.judging, await input.meta);
    return up.dryRunResult(c);
  }
  const id = input.submissionId ?? crypto.randomUUID();
  const out = await up.database
    .transaction(async (conn: RawConnection) => {
      const sql = sqlOf(conn);
      await up.copyPredictions(conn, id);
      const c = await up.check(sql);
      const given = await input.meta;
      if (given.dryRun) throw new DryRunAfterFile(c);
      up.assertJudgeNamed(c.judging, given);
      // the server's judge names itself
      const meta: SubmissionMeta =
        c.judging.by === "server"
          ? {
              ...given,
              meta: { ...given.meta, judge_model: c.judging.plan.model, judge_prompt: c.judging.plan.version },
            }
          : given;
      const claimed = await up.claim(sql, id, meta);
      await up.record(sql, id, c, meta, claimed);
      const ladder = up.release.hidden && !c.pending ? await up.ladder(sql, id) : null;
      // a judged upload is audited once the server's judge has scored it (lib/server/judging)
      const audit = c.pending || meta.baseline ? undefined : await up.audit(sql, id);
      return { c, ladder, sha256: claimed.sha256, audit };
    })
    .catch((e) => {
      if (e instanceof DryRunAfterFile) return e;
      throw e;
    });
  if (out instanceof DryRunAfterFile) return up.dryRunResult(out.out);
  return {
    id,
    status: out.c.pending ? "judging" : "scored",
    metrics: out.c.pending ? {} : (out.c.score.result?.metrics ?? {}),
    validation: out.c.validation,
    hidden: up.release.hidden,
    ladder: out.ladder,
    fileSize: up.size,
    sha256: out.sha256,
    ...(out.audit ? { audit: out.audit } : {}),
  };
}

/** A whole file held in memory as a one-chunk source. */
export async function* textSource(text: string): AsyncIterable<Uint8Array> {
  yield Buffer.from(text, "utf8");
}

/**
 * Repeated runs: a system's run numbers are unique among its scored submissions, withdrawn and
 * hidden ones included — every run counts in the system's mean for good (issue 47), so a run
 * cannot be uploaded again in place of one the team did not like.
 * @throws AppError conflict
 */
async function assertRunFree(sql: Sql, taskId: string, teamId: string, id: string, meta: SubmissionMeta) {
  const run = meta.meta!.run!;
  const taken = await takenRunOf(sql, { taskId, teamId, model: meta.model, run, id });
  if (taken)
    throw new AppError(
      "conflict",
      `run ${run} of "${meta.model}" is already your team's ${submissionRef({ ...taken, model: meta.model })}, ${taken.withdrawn ? "withdrawn" : taken.visibility}, uploaded ${taken.created_at.toISOString().slice(0, 10)}: every run counts in the system's mean, private or withdrawn too, so its number stays taken — number this file run ${taken.next}`,
      { field: "run", submissionId: taken.id, expected: `run ${taken.next}` },
    );
}

// A submission's structured system metadata (issue 20) between the upload's form and the pages:
// the fields an upload sends read into what a submission row stores, the judge required where the
// task's verdicts are an LLM judge's, and the stored JSON read back with the paper-setup mark.
import { AppError } from "@/lib/errors";
import type { TaskKindModule } from "@/lib/tasks/define";
import { assertJudgeNamed, paperSetup } from "@/lib/tasks/shared/judge";
import { judgeConfig } from "@/lib/server/judging";
import { z } from "zod";
import {
  OPTIONAL_UPLOAD_FIELDS,
  SubmissionFields,
  SystemMetaFields,
  systemMetaOf,
  type SystemMeta,
} from "@/lib/validations/common";
import type { SubmissionMeta } from "./ingest";

/**
 * The upload's form fields as the submission stores them. `picked` is the team field read before
 * the file (it must not change after it); the judge is required on kinds with one.
 * @throws AppError validation_failed
 */
export function uploadMeta(
  kind: Pick<TaskKindModule, "judge" | "serverJudge">,
  raw: Record<string, unknown>,
  picked: string | undefined,
  opts: { browserForm?: boolean } = {},
): SubmissionMeta & { dryRun?: boolean } {
  const f = SubmissionFields.parse(opts.browserForm ? withoutEmptyOptionals(raw) : raw);
  if ((f.team || undefined) !== picked)
    throw new AppError("validation_failed", "send the team field before the file", {
      problemCount: 1,
      problems: [{ field: "team", message: "arrived after the file", expected: "the team field first in the form" }],
    });
  // A&V: the verdicts in the file are a judge's; the upload names it. CR-Bench with a judge on this
  // server: only when the file carries its own verdicts (checked with the file, ./ingest.ts)
  if (!kind.serverJudge || !judgeConfig()) assertJudgeNamed(kind.judge, f);
  return {
    model: f.model,
    system: f.system,
    oss: f.oss,
    site: f.site,
    visibility: f.visibility,
    costUsd: f.cost_usd,
    tokens: f.tokens,
    runtimeSec: f.runtime_sec,
    dryRun: f.dry_run,
    // clients of issue 20's first release send the trajectories' link as trajectories_url
    logsUrl: f.logs_url ?? f.trajectories_url,
    meta: systemMetaOf(f),
  };
}

/** Stored metadata, read leniently: a key it does not know is dropped, not the whole of it. */
const StoredMeta = z.object(SystemMetaFields).catch({});

/** Stored metadata read back, with the paper's judge setup it states (null: none, or no judge). */
export function systemMetaView(kind: Pick<TaskKindModule, "judge">, stored: unknown) {
  const meta: SystemMeta = StoredMeta.parse(stored ?? {});
  return { meta, paperJudge: paperSetup(kind.judge, meta) };
}

/**
 * A browser's own form (the upload form without JavaScript) sends every field, an empty optional
 * one as "": left out, as the form with JavaScript leaves it out (OPTIONAL_UPLOAD_FIELDS).
 */
function withoutEmptyOptionals(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([k, v]) => !(v === "" && OPTIONAL_UPLOAD_FIELDS.includes(k))));
}

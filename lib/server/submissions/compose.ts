// A Lite pipeline built from two submissions (issue 20; BouncerBench's Figure 4 chains one
// model's input bouncer with another's output bouncer): the input bounce of an Input submission
// and the output bounce of an Output submission, per instance of the Lite release they share,
// stored and scored as a new Lite submission of the caller's team — the same path, quota,
// duplicate check and all-or-nothing transaction as an upload.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, validationError } from "@/lib/errors";
import type { Actor } from "@/lib/server/auth";
import { actorLabel } from "@/lib/server/audit";
import { getReleaseInstances } from "@/lib/server/cache";
import { sqlOf } from "@/lib/server/db";
import { checkQuota, consume } from "@/lib/server/limits";
import { getReleaseOrThrow, getTaskOrThrow } from "@/lib/server/tasks";
import { sideOf } from "@/lib/tasks/binary-abstention/schemas";
import { textSource } from "./ingest";
import { getSubmissionOrThrow } from "./submissions";
import { assertMayUploadHidden } from "./hidden-access";
import { acceptUpload } from "./upload-jobs";

export interface ComposeInput {
  input: string;
  output: string;
  model?: string;
  visibility?: "public" | "private";
}

/** One side's submission: visible to the actor, scored, of the benchmark's binary task on that side. */
async function sideSubmission(db: PrismaClient, actor: Actor, id: string, side: "input" | "output", benchmark: string) {
  const sub = await getSubmissionOrThrow(db, id, actor);
  const task = await getTaskOrThrow(db, sub.task.fullSlug);
  if (task.benchmark.slug !== benchmark || task.kindName !== "binary_abstention" || sideOf(task.options) !== side)
    throw validationError("compose takes an Input and an Output submission of the same benchmark", [
      {
        field: side,
        message: `submission ${id} is on ${sub.task.fullSlug}`,
        expected: `a ${side} bouncer's submission`,
      },
    ]);
  if (sub.status !== "scored")
    throw validationError("compose takes scored submissions", [
      { field: side, message: `submission ${id} is ${sub.status}`, expected: "a scored submission" },
    ]);
  return sub;
}

export async function composePipeline(db: PrismaClient, actor: Actor, fullSlug: string, body: ComposeInput) {
  if (!actor.teamId) throw new AppError("forbidden", "your account belongs to no team");
  const task = await getTaskOrThrow(db, fullSlug);
  if (task.kindName !== "bouncer_pipeline")
    throw new AppError("bad_request", `${fullSlug} is not a pipeline task: compose builds BouncerBench Lite entries`);
  const release = await getReleaseOrThrow(db, task.id);
  const input = await sideSubmission(db, actor, body.input, "input", task.benchmark.slug);
  const output = await sideSubmission(db, actor, body.output, "output", task.benchmark.slug);
  const ids = (await getReleaseInstances(db, release.id, true)).map((i) => i.externalId);
  const read = async (submissionId: string) =>
    new Map(
      (
        await db.prediction.findMany({
          where: { submissionId, externalId: { in: ids } },
          select: { externalId: true, data: true },
        })
      ).map((p) => [p.externalId, (p.data as { bounce?: boolean }).bounce]),
    );
  const [ins, outs] = await Promise.all([read(input.id), read(output.id)]);
  const rows: Record<string, { input_bounce: boolean; output_bounce: boolean }> = {};
  for (const id of ids) {
    const a = ins.get(id);
    const b = outs.get(id);
    if (typeof a === "boolean" && typeof b === "boolean") rows[id] = { input_bounce: a, output_bounce: b };
  }
  const covered = Object.keys(rows).length;
  if (!covered)
    throw validationError(`the two submissions share no instance of ${fullSlug} release ${release.version}`, [
      {
        field: "input",
        message: `${ins.size} of the release's ${ids.length} instances have an input bounce, ${outs.size} an output bounce, none both`,
        expected: "an Input and an Output submission on the Lite release's instances",
      },
    ]);
  await assertMayUploadHidden(db, { task, release, teamId: actor.teamId, isAdmin: actor.isAdmin });
  if (!actor.isAdmin) {
    await consume("uploads-team", actor.teamId);
    await checkQuota(sqlOf(db), task, release, actor.teamId);
  }
  const model = body.model ?? `${input.model} → ${output.model}`;
  const result = await acceptUpload({
    task: task.fullSlug,
    source: textSource(JSON.stringify(rows)),
    fileName: "pipeline.json",
    teamId: actor.teamId,
    userId: actor.userId,
    meta: Promise.resolve({
      model,
      system: `Lite pipeline: ${input.model} (input, ${input.id}) → ${output.model} (output, ${output.id})`,
      visibility: body.visibility ?? "public",
      meta: { agent: "pipeline" },
    }),
    asyncBytes: Number.MAX_SAFE_INTEGER,
    quota: !actor.isAdmin,
    actorLabel: actorLabel(actor),
  });
  if (result.status === "queued") throw new AppError("internal", "a composed pipeline is never queued");
  return {
    result,
    composedOf: { input: input.id, output: output.id },
    covered,
    total: ids.length,
  };
}

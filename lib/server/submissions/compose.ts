// A Lite pipeline built from two submissions (issue 20; BouncerBench's Figure 4 chains one
// model's input bouncer with another's output bouncer): the input bounce of an Input submission
// and the output bounce of an Output submission, per instance of the Lite release they share,
// stored and scored as a new Lite submission of the caller's team — the same path, quota,
// duplicate check and all-or-nothing transaction as an upload. Its sources are recorded in
// `submissions.composed_of`, which only this module writes. The kinds say what composes: a pipeline
// kind's `composes` (its sibling kind, the ids and rows) and a sibling kind's `composeSide`.
import { submissionRef } from "@/lib/submission-ref";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, validationError } from "@/lib/errors";
import type { Actor } from "@/lib/server/auth";
import { actorLabel } from "@/lib/server/activity";
import { getReleaseInstances } from "@/lib/server/cache";
import { sqlOf } from "@/lib/server/db";
import { checkQuota, consume } from "@/lib/server/limits";
import { currentRelease, getReleaseOrThrow, type ResolvedTask, resolvedTask, getTaskCached } from "@/lib/server/tasks";
import { uploadTeam } from "@/lib/server/teams";
import { getTaskKind } from "@/lib/tasks";
import { findTaskDef } from "@/lib/tasks/catalog";
import type { ComposeSide, ComposeSpec } from "@/lib/tasks/define";
import { decisionsOf } from "./compose.sql";
import { textSource } from "./ingest";
import { getSubmissionOrThrow } from "./submissions";
import { assertMayUploadHidden } from "./hidden-access";
import { acceptUpload } from "./upload-jobs";

export interface ComposeInput {
  input: string;
  output: string;
  model?: string;
  visibility?: "public" | "private";
  /** the team to file it under (a member of several teams) */
  team?: string;
}

/** The side a submission's task fills in a pipeline: a task of the pipeline's sibling kind says which. */
function sideTask(sub: { task: Parameters<typeof resolvedTask>[0] }, spec: ComposeSpec) {
  const task = resolvedTask(sub.task);
  const side = task.kindName === spec.kind ? (task.kind.composeSide?.(task.options) ?? null) : null;
  return { task, side };
}

/** A pipeline task's composition (its kind's `composes`). @throws AppError bad_request: the task is no pipeline */
function composesOf(task: ResolvedTask): ComposeSpec {
  if (!task.kind.composes)
    throw new AppError(
      "bad_request",
      `${task.fullSlug} is not a pipeline task: compose builds BouncerBench Lite entries`,
    );
  return task.kind.composes;
}

/** One side's submission: visible to the actor, scored, on view, of the benchmark's task on that side. */
async function sideSubmission(db: PrismaClient, actor: Actor, id: string, side: ComposeSide, pipeline: ResolvedTask) {
  const sub = await getSubmissionOrThrow(db, id, actor);
  const problem = (message: string, expected: string) =>
    validationError(`compose takes a scored ${side} bouncer's submission on view`, [
      { field: side, message, expected },
    ]);
  const t = sideTask(sub, composesOf(pipeline));
  const name = submissionRef({ id, model: sub.model, team: sub.team?.name ?? null });
  if (t.task.benchmark.slug !== pipeline.benchmark.slug || t.side !== side)
    throw problem(`${name} is on ${sub.task.fullSlug}`, `a submission of ${pipeline.benchmark.slug}'s ${side} task`);
  if (sub.status !== "scored") throw problem(`${name} is ${sub.status}`, "a scored submission");
  // a file the maintainers hid, or its team withdrew, does not come back inside a pipeline
  if (sub.withdrawnAt) throw problem(`${name} was withdrawn by its team`, "a submission on view");
  if (sub.hiddenAt) throw problem(`${name} is hidden by the maintainers`, "a submission on view");
  return sub;
}

/** The default name: both models, within the 120 characters a model name may have. */
function pipelineName(a: string, b: string): string {
  const name = `${a} → ${b}`;
  return name.length <= 120 ? name : `${name.slice(0, 119)}…`;
}

export async function composePipeline(db: PrismaClient, actor: Actor, task: ResolvedTask, body: ComposeInput) {
  const teamId = await uploadTeam(db, actor, body.team);
  const spec = composesOf(task);
  const release = await getReleaseOrThrow(db, task.id);
  const input = await sideSubmission(db, actor, body.input, "input", task);
  const output = await sideSubmission(db, actor, body.output, "output", task);
  // a private side keeps the pipeline private: its name and id are in the entry's system text
  const anyPrivate = input.visibility === "private" || output.visibility === "private";
  if (anyPrivate && body.visibility === "public")
    throw validationError("a pipeline with a private side cannot be public", [
      { field: "visibility", message: "one of the two submissions is private", expected: "private (or omit it)" },
    ]);
  const ids = (await getReleaseInstances(db, release.id, true)).map((i) => i.externalId);
  // a pipeline id may carry a prefix (a Lite patch set's set/owner__name-123): the sides' boards
  // know the instance by the id the kind gives
  const sourceIds = new Map(ids.map((id) => [id, spec.sourceId(id)]));
  const asked = [...new Set([...ids, ...sourceIds.values()])];
  const [ins, outs] = await Promise.all([
    decisionsOf(sqlOf(db), input.id, asked, spec.decisionField),
    decisionsOf(sqlOf(db), output.id, asked, spec.decisionField),
  ]);
  const rows: Record<string, Record<string, unknown>> = {};
  for (const id of ids) {
    const a = ins.get(id) ?? ins.get(sourceIds.get(id)!);
    const b = outs.get(id) ?? outs.get(sourceIds.get(id)!);
    if (a !== undefined && b !== undefined) rows[id] = spec.row({ input: a, output: b });
  }
  const covered = Object.keys(rows).length;
  if (!covered)
    throw validationError(`the two submissions share no instance of ${task.fullSlug} release ${release.version}`, [
      {
        field: "input",
        message: `${ins.size} of the release's ${ids.length} instances have an input bounce, ${outs.size} an output bounce, none both`,
        expected: "an Input and an Output submission on the Lite release's instances",
      },
    ]);
  await assertMayUploadHidden(db, { task, release, teamId, isAdmin: actor.isAdmin });
  if (!actor.isAdmin) {
    await consume("uploads-team", teamId);
    await checkQuota(sqlOf(db), task, release, teamId);
  }
  const result = await acceptUpload({
    task,
    release,
    source: textSource(JSON.stringify(rows)),
    fileName: "pipeline.json",
    teamId,
    userId: actor.userId,
    meta: Promise.resolve({
      model: body.model ?? pipelineName(input.model, output.model),
      system: `Lite pipeline: ${input.model} (input) → ${output.model} (output)`,
      visibility: body.visibility ?? (anyPrivate ? "private" : "public"),
      meta: { agent: "pipeline" },
      composedOf: { input: input.id, output: output.id },
    }),
    asyncBytes: Number.MAX_SAFE_INTEGER,
    quota: !actor.isAdmin,
    actorLabel: actorLabel(actor),
  });
  if (result.status === "queued") throw new AppError("internal", "a composed pipeline is never queued");
  return { result, composedOf: { input: input.id, output: output.id }, covered, total: ids.length };
}

/**
 * What the Lite submit page offers to compose: the public rows of the benchmark's Input and Output
 * boards, and how many of the Lite release's instances both current releases carry (none: the
 * form says so instead of failing on every pick).
 */
export async function composeChoices(
  db: PrismaClient,
  task: ResolvedTask,
  boards: (task: ResolvedTask) => Promise<{ submissionId: string; model: string; team: string | null }[]>,
) {
  const spec = task.kind.composes;
  if (!spec) return null;
  // the sibling tasks, from the catalog: the benchmark's tasks of the sibling kind, one per side
  const siblings = findTaskDef(task.fullSlug)?.benchmark.tasks ?? [];
  const sideKind = getTaskKind(spec.kind);
  const side = (s: ComposeSide) => {
    const def = siblings.find((t) => t.kind === spec.kind && sideKind.composeSide?.(t.options ?? {}) === s);
    // a sibling named by the catalog: the benchmark's own tasks, by their slugs
    return def ? getTaskCached(db, `${task.benchmark.slug}/${def.slug}`) : null;
  };
  const [inTask, outTask] = await Promise.all([side("input"), side("output")]);
  if (!inTask || !outTask) return null;
  const release = await getReleaseOrThrow(db, task.id);
  // a side with no published release yet shares nothing (the page says so; it does not fail)
  const idsOf = async (t: ResolvedTask) => {
    const current = await currentRelease(db, t.id);
    return new Set(current ? (await getReleaseInstances(db, current.id, true)).map((i) => i.externalId) : []);
  };
  const [lite, inIds, outIds] = await Promise.all([
    getReleaseInstances(db, release.id, true),
    idsOf(inTask),
    idsOf(outTask),
  ]);
  const has = (set: Set<string>, id: string) => set.has(id) || set.has(spec.sourceId(id));
  const shared = lite.filter((i) => has(inIds, i.externalId) && has(outIds, i.externalId)).length;
  const options = async (t: ResolvedTask) =>
    (await boards(t).catch(() => [])).map((r) => ({
      id: r.submissionId,
      label: `${r.model}${r.team ? ` (${r.team})` : ""}`,
    }));
  return {
    input: { task: inTask.fullSlug, options: await options(inTask) },
    output: { task: outTask.fullSlug, options: await options(outTask) },
    shared,
    release: release.version,
  };
}

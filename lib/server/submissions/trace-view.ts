// The trace viewer's view model: one prediction of a submission, its trace as numbered steps
// (lib/traces), searched and paged on the server so every view (a search, a page, a step) is a
// permalink and a trace of any size is sent a page at a time.
import { notFound } from "@/lib/errors";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { withQuery } from "@/lib/href";
import { stepMatches, traceSteps, type TraceStep } from "@/lib/traces/steps";
import type { Actor } from "@/lib/server/auth";
import { getTaskOrThrow, resolvedTask } from "@/lib/server/tasks";
import type { TraceQuery } from "@/lib/validations/traces";
import { canView, currentScore } from "./submissions";

/** Steps shown on one page of the viewer. */
export const TRACE_PAGE_STEPS = 200;

const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/**
 * One prediction with its trace in steps, for whoever may see the submission (404 otherwise, as
 * for the submission itself). `q` keeps the matching steps open and lists them; `page` pages the
 * steps, TRACE_PAGE_STEPS at a time.
 * @throws AppError not_found
 */
export async function predictionTraceView(
  db: PrismaClient,
  id: string,
  instanceId: string,
  actor: Actor | null,
  query: TraceQuery,
) {
  const sub = await db.submission.findUnique({
    where: { id },
    select: {
      id: true,
      model: true,
      visibility: true,
      teamId: true,
      hiddenAt: true,
      team: { select: { name: true, slug: true } },
      task: { include: { benchmark: true } },
    },
  });
  if (!sub || !canView(actor, sub)) throw notFound("submission");
  const p = await db.prediction.findUnique({
    where: { submissionId_externalId: { submissionId: sub.id, externalId: instanceId } },
    select: { data: true },
  });
  if (!p) throw notFound(`prediction for instance ${instanceId}`);
  const task = resolvedTask(sub.task);
  const data = isRecord(p.data) ? p.data : { prediction: p.data };
  const outcome = await traceOutcome(db, task, sub.id, instanceId, data);
  // the kind's heavy fields are its traces (storageOnlyFields): the first one present is shown in steps
  const field = (task.kind.storageOnlyFields ?? ["trace"]).find((f) => data[f] !== undefined) ?? null;
  const parsed = traceSteps(field ? data[field] : undefined);
  const fields = Object.entries(data)
    .filter(([k]) => k !== field)
    .map(([k, v]) => ({ key: k, value: typeof v === "string" ? v : JSON.stringify(v) }));

  const q = query.q ?? "";
  const matches = q ? parsed.steps.filter((s) => stepMatches(s, q)).map((s) => s.n) : [];
  const pageCount = Math.max(1, Math.ceil(parsed.steps.length / TRACE_PAGE_STEPS));
  const page = Math.min(pageCount, query.page ?? 1);
  const steps: TraceStep[] = parsed.steps.slice((page - 1) * TRACE_PAGE_STEPS, page * TRACE_PAGE_STEPS);
  const base = `/submissions/${sub.id}/predictions/${encodeURIComponent(instanceId)}`;
  const fold = query.fold;
  const href = (over: { q?: string; page?: number; fold?: "open" | "closed" }) =>
    withQuery(base, { q, page, fold, ...over });
  return {
    submission: { id: sub.id, model: sub.model, team: sub.team, taskFullSlug: sub.task.fullSlug },
    instanceId,
    /** right or wrong on the submission's current release (nothing of it on a hidden one); null: not scored */
    outcome,
    field,
    format: parsed.format,
    /** the prediction's other fields (its label, score…), as text */
    fields,
    steps,
    totalSteps: parsed.steps.length,
    omitted: parsed.omitted,
    q,
    /** every step open or closed ("Expand all", "Collapse all"); null: the search decides (all open without one) */
    fold: fold ?? null,
    /** the numbers of the steps that match `q`, in order */
    matches,
    page,
    pageCount,
    pageSize: TRACE_PAGE_STEPS,
    /** this viewer with its query changed (a permalink) */
    href,
    /** a step's permalink: its page and its anchor */
    stepHref: (n: number) => `${withQuery(base, { q, page: Math.ceil(n / TRACE_PAGE_STEPS) })}#step-${n}`,
    /** the whole stored prediction, as a file */
    downloadHref: `/api/v1/submissions/${sub.id}/predictions/${encodeURIComponent(instanceId)}?download=1`,
    instanceHref: `/tasks/${sub.task.fullSlug}/instances/${encodeURIComponent(instanceId)}`,
  };
}

export type TraceView = Awaited<ReturnType<typeof predictionTraceView>>;

/** How a prediction fared on the release its submission's score is shown for (the submission page's default). */
export type TraceOutcome =
  | { release: string; state: "hidden" }
  | { release: string; state: "absent" }
  | { release: string; state: "scored"; predicted: string; expected: string; correct: boolean };

/**
 * The prediction against the truth of the submission's current release (else its latest score's),
 * in the kind's words — what its per-instance rows show. A hidden release keeps its truth on the
 * server, right or wrong included: only that it is hidden. Null: the submission has no score.
 */
async function traceOutcome(
  db: PrismaClient,
  task: Awaited<ReturnType<typeof getTaskOrThrow>>,
  submissionId: string,
  instanceId: string,
  data: Record<string, unknown>,
): Promise<TraceOutcome | null> {
  const scores = await db.score.findMany({
    where: { submissionId, release: { status: { in: ["published", "archived"] } } },
    select: { release: { select: { id: true, version: true, status: true, hidden: true } } },
    orderBy: { computedAt: "desc" },
  });
  const release = currentScore(scores)?.release;
  if (!release) return null;
  if (release.hidden) return { release: release.version, state: "hidden" };
  const inst = await db.instance.findUnique({
    where: { releaseId_externalId: { releaseId: release.id, externalId: instanceId } },
    select: { externalId: true, truth: true, metadata: true },
  });
  if (!inst) return { release: release.version, state: "absent" };
  const o = task.kind.outcome(
    {
      externalId: inst.externalId,
      truth: inst.truth as Record<string, unknown>,
      metadata: inst.metadata as Record<string, unknown>,
    },
    data,
    task.options,
  );
  return {
    release: release.version,
    state: "scored",
    predicted: o.predicted,
    expected: o.expected,
    correct: o.correct,
  };
}

/**
 * The file name of a downloaded prediction: the model and the instance as the team wrote them, in
 * safe characters only (it goes into a Content-Disposition header).
 * @example predictionFileName("gpt 4.1", "a/b") // "gpt_4.1__a_b.json"
 */
export function predictionFileName(model: string, instanceId: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 100);
  return `${safe(model || "submission")}__${safe(instanceId)}.json`;
}

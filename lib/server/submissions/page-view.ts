// The submission page's view model: one load, everything its sections need but the two that
// stream in later (charts, per-instance table), which the page starts as promises.
import { sqlOf } from "@/lib/server/db";
import { judgeView } from "@/lib/server/judging";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { ComposedOf, ValidationReport } from "@/lib/contracts/submissions";
import type { Actor } from "@/lib/server/auth";
import { resolvedTask, type ResolvedTask } from "@/lib/server/tasks";
import type { Metrics } from "@/lib/tasks/types";
import { AppError } from "@/lib/errors";
import { withQuery } from "@/lib/href";
import { systemMetaView } from "./system-meta";
import { compareSubmissions } from "./compare";
import { discloseScore } from "./disclosure";
import { getSubmissionOrThrow, listSubmissionInstances, scoreOnRelease, withDetails } from "./submissions";

export const INSTANCES_PAGE_SIZE = 50;

/** The page's own query: which release's score, which outcome filter, which page of instances. */
export interface SubmissionPageQuery {
  release?: string;
  outcome?: string;
  page?: string;
}

/** @throws AppError not_found (absent, or private and not the reader's) */
export async function submissionPageView(db: PrismaClient, id: string, actor: Actor | null, q: SubmissionPageQuery) {
  const sub = await getSubmissionOrThrow(db, id, actor);
  const task = resolvedTask(sub.task);
  const shown = scoreOnRelease(sub.scores, q.release);
  const score = shown ? await withDetails(db, shown) : null;
  // a hidden release shows what the Ladder released, to everyone but admins
  const disclosed = score ? discloseScore(score, score.release, actor) : null;
  const outcome = q.outcome && task.kind.outcomeFilters.some((f) => f.key === q.outcome) ? q.outcome : undefined;
  const page = Math.max(1, Number(q.page) || 1);
  // a scored file's report (a failed one's problems are shown by its upload status)
  const report = ValidationReport.safeParse(sub.validation).data ?? null;
  return {
    sub,
    task,
    score,
    disclosed,
    metrics: (disclosed?.metrics ?? {}) as Metrics,
    columns: task.kind.columns(task.options),
    outcome,
    page,
    /** the release keeps its truth: no per-instance table */
    hidden: score?.release.hidden ?? false,
    validation: { format: report?.format ?? null, warnings: report?.warnings ?? [] },
    /** structured system metadata, the kind's judge (if its verdicts are a judge's) and the paper setup it matches */
    ...systemMetaView(task.kind, sub.meta),
    judge: task.kind.judge ?? null,
    /** who decided the verdicts (CR-Bench) and, while the server judges, its progress */
    judged: await judgeView(
      sqlOf(db),
      sub,
      score && disclosed ? { metrics: disclosed.metrics, covered: score.covered, releaseId: score.releaseId } : null,
    ),
    composedOf: ComposedOf.nullable()
      .catch(null)
      .parse(sub.composedOf ?? null),
    canModerate: Boolean(actor?.isAdmin || (sub.teamId && actor?.roles[sub.teamId] === "owner")),
    isAdmin: Boolean(actor?.isAdmin),
    /** this page with some of its query changed (a permalink) */
    href(over: Partial<SubmissionPageQuery>): string {
      return withQuery(`/submissions/${sub.id}`, { release: q.release, outcome, ...over });
    },
  };
}

export type SubmissionPageView = Awaited<ReturnType<typeof submissionPageView>>;

/** The per-instance rows of the page's score (null on a hidden release or without a score). */
export function submissionPageInstances(db: PrismaClient, v: SubmissionPageView) {
  if (!v.score || v.hidden) return Promise.resolve(null);
  return listSubmissionInstances(db, v.sub, {
    page: v.page,
    pageSize: INSTANCES_PAGE_SIZE,
    outcome: v.outcome,
    release: v.score.release.version,
  });
}

/** Disagreements the compare page lists (each row carries every compared prediction). */
export const COMPARE_PAGE_DISAGREEMENTS = 100;

/** The ids a compare URL names (`ids=a,b` or `ids=a&ids=b`), and its release. */
export function compareQuery(sp: Record<string, string | string[] | undefined>) {
  const ids = (Array.isArray(sp.ids) ? sp.ids : sp.ids ? String(sp.ids).split(",") : []).filter(Boolean);
  const release = (Array.isArray(sp.release) ? sp.release[0] : sp.release) || undefined;
  return { ids, release };
}

/**
 * The compare page's view model: the comparison, or why there is none (fewer than two
 * submissions chosen: `problem`).
 * @throws AppError not_found (a submission the reader may not see, or a release named in the
 * URL that is not there or is a draft)
 */
export async function comparePageView(
  db: PrismaClient,
  task: ResolvedTask,
  sp: Record<string, string | string[] | undefined>,
  actor: Actor | null,
) {
  const fullSlug = task.fullSlug;
  const { ids, release } = compareQuery(sp);
  try {
    const c = await compareSubmissions(db, task, ids, actor, release);
    const primary = c.columns.find((col) => col.key === c.primaryMetric)!;
    // the page lists the first COMPARE_PAGE_DISAGREEMENTS (the count says how many there are)
    const disagreements = c.disagreements.slice(0, COMPARE_PAGE_DISAGREEMENTS);
    return { fullSlug, compare: { ...c, disagreements, primary }, problem: null };
  } catch (e) {
    const missing = e instanceof AppError && e.code === "not_found" && (ids.length >= 2 || release);
    if (!missing && e instanceof AppError && ["bad_request", "not_found"].includes(e.code)) {
      return { fullSlug, compare: null, problem: e.message };
    }
    throw e;
  }
}

export type CompareView = NonNullable<Awaited<ReturnType<typeof comparePageView>>["compare"]>;

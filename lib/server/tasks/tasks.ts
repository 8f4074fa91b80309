import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import type { Actor } from "@/lib/server/auth";
import { CATALOG } from "@/lib/tasks/catalog";
import { resolveTask, type ResolvedTask } from "@/lib/tasks/resolve";

export type { ResolvedTask };

/**
 * Looks a task up by its public slug (`bouncerbench/input`): for the edge (a route, a page, a CLI
 * argument) only; below it a task goes down resolved. @throws AppError not_found
 */
export async function getTaskOrThrow(db: PrismaClient, fullSlug: string): Promise<ResolvedTask> {
  const task = await db.task.findUnique({ where: { fullSlug }, include: { benchmark: true } });
  if (!task) throw notFound(`task ${fullSlug}`);
  return resolvedTask(task);
}

/** The task row a query loaded with its benchmark (`include: TASK_WITH_BENCHMARK`), resolved: no query, no slug. */
export function resolvedTask(row: Parameters<typeof resolveTask>[0] & { benchmark: { slug: string; name: string } }) {
  return resolveTask(row, { slug: row.benchmark.slug, name: row.benchmark.name });
}

/** What a query includes to hand its task to `resolvedTask`. */
export const TASK_WITH_BENCHMARK = { task: { include: { benchmark: true } } } as const;

// Tasks are the catalog: synced at start-up; an admin's quota change shows within a minute. Kept
// per database client (a process may hold more than one: tests, tools).
const cachedBy = new WeakMap<PrismaClient, Map<string, { at: number; task: Promise<ResolvedTask> }>>();

/**
 * `getTaskOrThrow` for the read path's edges (a board's page, its API, previews, badges): the
 * resolved task, kept a minute per process. @throws AppError not_found
 */
export function getTaskCached(db: PrismaClient, fullSlug: string): Promise<ResolvedTask> {
  let cached = cachedBy.get(db);
  if (!cached) cachedBy.set(db, (cached = new Map()));
  const hit = cached.get(fullSlug);
  if (hit && Date.now() - hit.at < 60_000) return hit.task;
  const task = getTaskOrThrow(db, fullSlug);
  task.catch(() => {
    if (cached.get(fullSlug)?.task === task) cached.delete(fullSlug);
  });
  if (cached.size >= 256) cached.clear();
  cached.set(fullSlug, { at: Date.now(), task });
  return task;
}

/** A task by id (jobs carry ids). @throws AppError not_found */
export async function getTaskById(db: PrismaClient, id: string): Promise<ResolvedTask> {
  const task = await db.task.findUnique({ where: { id }, include: { benchmark: true } });
  if (!task) throw notFound(`task ${id}`);
  return resolvedTask(task);
}

/** A task by its public slug, or null (pages answer 404 themselves). */
export async function findTask(db: PrismaClient, fullSlug: string): Promise<ResolvedTask | null> {
  const task = await db.task.findUnique({ where: { fullSlug }, include: { benchmark: true } });
  return task ? resolveTask(task, { slug: task.benchmark.slug, name: task.benchmark.name }) : null;
}

/** The current (published) release of a task, or null. Drafts and archived ones are never current. */
export function currentRelease(db: PrismaClient, taskId: string) {
  return db.release.findFirst({ where: { taskId, status: "published" }, orderBy: { publishedAt: "desc" } });
}

/**
 * The published (current) release of a task, or a given version. A draft is found for admins
 * only: to anyone else it does not exist (404), on every page and route that looks one up.
 * @throws AppError not_found
 */
export async function getReleaseOrThrow(
  db: PrismaClient,
  taskId: string,
  version?: string,
  viewer: Pick<Actor, "isAdmin"> | null = null,
) {
  const found = version
    ? await db.release.findUnique({ where: { taskId_version: { taskId, version } } })
    : await db.release.findFirst({ where: { taskId, status: "published" }, orderBy: { publishedAt: "desc" } });
  const release = found && (found.status !== "draft" || viewer?.isAdmin) ? found : null;
  if (!release) {
    throw version
      ? notFound(`release ${version}`)
      : new AppError("not_found", "this task has no published release yet");
  }
  return release;
}

/** Creates or updates the benchmarks and tasks of the catalog (idempotent). */
export async function syncCatalog(db: PrismaClient): Promise<void> {
  for (const [bi, b] of CATALOG.entries()) {
    const bench = await db.benchmark.upsert({
      where: { slug: b.slug },
      update: { name: b.name, description: b.description, paperTitle: b.paperTitle, sortOrder: bi },
      create: { slug: b.slug, name: b.name, description: b.description, paperTitle: b.paperTitle, sortOrder: bi },
    });
    for (const [ti, t] of b.tasks.entries()) {
      const fullSlug = `${b.slug}/${t.slug}`;
      const data = {
        name: t.name,
        description: t.description,
        kind: t.kind,
        primaryMetric: t.primaryMetric,
        sortOrder: ti,
      };
      await db.task.upsert({
        where: { fullSlug },
        update: data,
        create: { ...data, slug: t.slug, fullSlug, benchmarkId: bench.id },
      });
    }
  }
}

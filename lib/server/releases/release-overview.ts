import type { PrismaClient } from "@/lib/generated/prisma/client";
import { stableStringify } from "@/lib/stable-json";
import type { Actor } from "@/lib/server/auth";
import { getReleaseOrThrow, type ResolvedTask } from "@/lib/server/tasks";
import { getReleaseInstances } from "@/lib/server/cache";

function histogram(values: number[], edges: number[]): { bin: string; n: number }[] {
  return edges.map((e, i) => {
    const lo = i === 0 ? -Infinity : edges[i - 1];
    return {
      bin: i === 0 ? `≤${e}` : e === Infinity ? `>${edges[i - 1]}` : `${lo + 1}–${e}`,
      n: values.filter((v) => v > lo && v <= e).length,
    };
  });
}

// What an overview computes from a release's instances (distributions, lengths, changes against
// the previous release) depends only on immutable data once the release is out of draft: the
// instances of a published or archived release never change. A per-process memo of it is a cache
// (recomputable anywhere), keyed by both releases and whether truth is shown.
type Computed = Awaited<ReturnType<typeof computeOverview>>;
const computedMemo = new Map<string, Computed>();
const MEMO_SIZE = 64;

/**
 * A release's overview: instance count, the truth's distribution (aggregates only, so also for
 * hidden releases), text/patch length distributions, and its changes against the previous release.
 */
export async function releaseOverview(
  db: PrismaClient,
  task: ResolvedTask,
  version?: string,
  actor: Actor | null = null,
) {
  const release = await getReleaseOrThrow(db, task.id, version, actor);
  // a hidden release shows nothing computed from its truth (admins aside): metadata only
  const truthShown = !release.hidden || Boolean(actor?.isAdmin);
  const prev = await db.release.findFirst({
    where: { taskId: task.id, createdAt: { lt: release.createdAt }, status: { in: ["published", "archived"] } },
    orderBy: { createdAt: "desc" },
  });
  const key = release.status === "draft" ? null : `${release.id}:${prev?.id ?? "-"}:${truthShown}`;
  let computed = key ? computedMemo.get(key) : undefined;
  if (!computed) {
    computed = await computeOverview(db, task, release, prev, truthShown);
    if (key) {
      computedMemo.set(key, computed);
      if (computedMemo.size > MEMO_SIZE) computedMemo.delete(computedMemo.keys().next().value as string);
    }
  }
  return {
    task: task.fullSlug,
    taskName: task.name,
    release: {
      version: release.version,
      status: release.status,
      hidden: release.hidden,
      synthetic: release.synthetic,
      notes: release.notes,
      source: release.source,
      createdAt: release.createdAt.toISOString(),
      publishedAt: release.publishedAt?.toISOString() ?? null,
    },
    ...computed,
  };
}

/** The overview's figures from the instances of the release (and of the previous one). */
async function computeOverview(
  db: PrismaClient,
  task: ResolvedTask,
  release: { id: string; status: string },
  prev: { id: string; version: string } | null,
  truthShown: boolean,
) {
  const inst = await getReleaseInstances(db, release.id, release.status !== "draft");
  // each task kind says what its release overview shows (paper tables and figures)
  const dist = task.kind.releaseDistributions?.({ instances: inst, truth: truthShown }, task.options) ?? [];
  const statistics = task.kind.releaseStatistics?.({ instances: inst, truth: truthShown }, task.options) ?? null;
  const m = inst.map((i) => i.metadata);
  const words = m.map((x) => x.words).filter((x): x is number => typeof x === "number");
  const chars = m.map((x) => x.chars).filter((x): x is number => typeof x === "number");
  const lengths = {
    words: words.length ? histogram(words, [100, 200, 500, Infinity]) : null,
    chars: chars.length ? histogram(chars, [1000, 2500, Infinity]) : null,
  };
  let changes = null;
  if (prev) {
    const p = await getReleaseInstances(db, prev.id, true);
    const before = new Map(p.map((x) => [x.externalId, stableStringify([x.truth, x.metadata])]));
    const nowIds = new Set(inst.map((x) => x.externalId));
    const added = inst.filter((x) => !before.has(x.externalId)).map((x) => x.externalId);
    const changed = inst
      .filter((x) => before.has(x.externalId) && before.get(x.externalId) !== stableStringify([x.truth, x.metadata]))
      .map((x) => x.externalId);
    const removed = p.filter((x) => !nowIds.has(x.externalId)).map((x) => x.externalId);
    changes = {
      against: prev.version,
      added: added.length,
      removed: removed.length,
      changed: truthShown ? changed.length : null,
      sample: {
        added: added.slice(0, 10),
        removed: removed.slice(0, 10),
        changed: truthShown ? changed.slice(0, 10) : [],
      },
    };
  }
  return { instances: inst.length, distributions: dist, statistics, lengths, changes };
}

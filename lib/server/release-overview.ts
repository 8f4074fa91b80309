import type { PrismaClient } from "@/lib/generated/prisma/client";
import { stableStringify } from "@/lib/stable-json";
import type { Actor } from "./actor";
import { getReleaseOrThrow, getTaskOrThrow } from "./tasks";
import { getReleaseInstances } from "./truth-cache";

function histogram(values: number[], edges: number[]): { bin: string; n: number }[] {
  return edges.map((e, i) => {
    const lo = i === 0 ? -Infinity : edges[i - 1];
    return { bin: i === 0 ? `≤${e}` : e === Infinity ? `>${edges[i - 1]}` : `${lo + 1}–${e}`, n: values.filter((v) => v > lo && v <= e).length };
  });
}

function shares(values: string[]): { value: string; n: number; share: number }[] {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return [...m.entries()].sort((a, b) => b[1] - a[1]).map(([value, n]) => ({ value, n, share: n / values.length }));
}

/**
 * A release's overview: instance count, the truth's distribution (aggregates only, so also for
 * hidden releases), text/patch length distributions, and its changes against the previous release.
 */
export async function releaseOverview(db: PrismaClient, fullSlug: string, version?: string, actor: Actor | null = null) {
  const task = await getTaskOrThrow(db, fullSlug);
  const release = await getReleaseOrThrow(db, task.id, version, actor);
  // a hidden release shows nothing computed from its truth (admins aside): metadata only
  const truthShown = !release.hidden || Boolean(actor?.isAdmin);
  const inst = await getReleaseInstances(db, release.id, release.status !== "draft");
  const dist: { title: string; rows: { value: string; n: number; share: number }[] }[] = [];
  const t = truthShown ? inst.map((i) => i.truth) : [];
  const m = inst.map((i) => i.metadata);
  const LABELS = ["0 well specified", "1 reasonably specified", "2 vague", "3 impossible"];
  if (!truthShown) {
    // metadata-only distributions below
  } else if (task.kindName === "binary_abstention" || task.kindName === "bouncer_pipeline") {
    const inp = task.kindName === "bouncer_pipeline" ? t.map((x) => x.input as Record<string, unknown>) : task.options.side === "input" ? t : [];
    const out = task.kindName === "bouncer_pipeline" ? t.map((x) => x.output as Record<string, unknown>) : task.options.side === "output" ? t : [];
    if (inp.length) {
      dist.push({ title: "Specification label (paper Table I)", rows: shares(inp.map((x) => LABELS[x.label as number] ?? "?")).sort((a, b) => a.value.localeCompare(b.value)) });
      dist.push({ title: "Should bounce (input)", rows: shares(inp.map((x) => (x.bounce ? "bounce (label ≥ 2)" : "accept"))) });
    }
    if (out.length) dist.push({ title: "Patch correctness (output)", rows: shares(out.map((x) => (x.bounce ? "incorrect: bounce" : "correct: accept"))) });
  } else if (task.kindName === "scored_abstention") {
    const trajs = t.map((x) => x.trajectories as { success: boolean; passesRegression: boolean }[]);
    dist.push({ title: "Bugs", rows: shares(trajs.map((ts) => (ts.some((s) => s.success) ? "fixable (some trajectory succeeds)" : "unfixable"))) });
    dist.push({ title: "Trajectories", rows: shares(trajs.flat().map((s) => (s.success ? "succeeds" : s.passesRegression ? "fails, passes regression" : "fails regression"))) });
    dist.push({ title: "Category", rows: shares(m.map((x) => String(x.category ?? "uncategorized"))) });
  } else if (task.kindName === "ci_repair") {
    dist.push({ title: "Language", rows: shares(m.map((x) => String(x.lang))) });
    dist.push({ title: "Build system", rows: shares(m.map((x) => String(x.build_system))) });
  } else {
    for (const k of ["category", "impact", "severity"]) dist.push({ title: `Bug ${k} (CR-Bench Fig. 3)`, rows: shares(t.map((x) => String(x[k]))) });
  }
  const words = m.map((x) => x.words).filter((x): x is number => typeof x === "number");
  const chars = m.map((x) => x.chars).filter((x): x is number => typeof x === "number");
  const lengths = {
    words: words.length ? histogram(words, [100, 200, 500, Infinity]) : null,
    chars: chars.length ? histogram(chars, [1000, 2500, Infinity]) : null,
  };
  const prev = await db.release.findFirst({
    where: { taskId: task.id, createdAt: { lt: release.createdAt }, status: { in: ["published", "archived"] } },
    orderBy: { createdAt: "desc" },
  });
  let changes = null;
  if (prev) {
    const p = await getReleaseInstances(db, prev.id, true);
    const before = new Map(p.map((x) => [x.externalId, stableStringify([x.truth, x.metadata])]));
    const nowIds = new Set(inst.map((x) => x.externalId));
    const added = inst.filter((x) => !before.has(x.externalId)).map((x) => x.externalId);
    const changed = inst.filter((x) => before.has(x.externalId) && before.get(x.externalId) !== stableStringify([x.truth, x.metadata])).map((x) => x.externalId);
    const removed = p.filter((x) => !nowIds.has(x.externalId)).map((x) => x.externalId);
    changes = {
      against: prev.version,
      added: added.length,
      removed: removed.length,
      changed: truthShown ? changed.length : null,
      sample: { added: added.slice(0, 10), removed: removed.slice(0, 10), changed: truthShown ? changed.slice(0, 10) : [] },
    };
  }
  return {
    task: task.fullSlug,
    taskName: task.name,
    release: { version: release.version, status: release.status, hidden: release.hidden, synthetic: release.synthetic, notes: release.notes, source: release.source, createdAt: release.createdAt.toISOString(), publishedAt: release.publishedAt?.toISOString() ?? null },
    instances: inst.length,
    distributions: dist,
    lengths,
    changes,
  };
}

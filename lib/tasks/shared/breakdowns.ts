// Per-slice breakdowns (issue 20): any metric of a task on the instances that share a value of an
// attribute the release carries — repository (from SWE-bench-style ids when not given), difficulty,
// length bucket, label, category, language, build system — with a bootstrap interval of the
// primary metric per slice. Pure: computed with the score at write time (lib/server/scoring).
import { BOOTSTRAP_SEED, intervalFromReplicates, statsReplicates } from "@/lib/metrics";
import type { TaskKindModule } from "@/lib/tasks/define";
import type { Metrics, StoredInstance, TaskOptions } from "@/lib/tasks/types";
import { BUCKETS } from "./length-bucket";

type Facets = { label?: string; length?: string; failure?: string };
type Kind = Pick<TaskKindModule, "score" | "primaryRows" | "primaryFromStats" | "instanceFacets" | "sliceHeadline">;

/**
 * How breakdowns are computed; stored with them (`details.breakdowns_v`). A score whose
 * breakdowns are older is recomputed by the fill-breakdowns job. 2: slices of one truth class
 * carry the metric the paper reads on them (`headline`: R_b / FNR_a on BouncerBench labels).
 * 3: CR-Bench's category, impact and severity are attributes.
 */
export const BREAKDOWNS_VERSION = 3;

/**
 * The repository of an instance: its metadata's `repo`, else "owner/name" from a SWE-bench id
 * (owner__name-123, also behind a patch set's prefix: set/owner__name-123).
 */
export function instanceRepository(i: Pick<StoredInstance, "externalId" | "metadata">): string | null {
  const m = i.metadata?.repo;
  if (typeof m === "string" && m) return m;
  // (a Lite release with several patch sets prefixes its ids with the set: "agentless/owner__name-123")
  const x = /^(?:[^/]*\/)?([A-Za-z0-9_.-]+?)__([A-Za-z0-9_.-]+)-\d+$/.exec(i.externalId);
  return x ? `${x[1]}/${x[2]}` : null;
}

const text = (v: unknown, max = 80): string | null =>
  typeof v === "string" && v.trim() && v.length <= max ? v.trim() : typeof v === "number" ? String(v) : null;

const truthField = (i: StoredInstance, key: string): unknown =>
  typeof i.truth === "object" && i.truth !== null ? (i.truth as Record<string, unknown>)[key] : undefined;

/** The attributes a breakdown may slice by, in the order they are offered. */
export const BREAKDOWN_ATTRIBUTES: {
  key: string;
  label: string;
  of(i: StoredInstance, facets: Facets): string | null;
}[] = [
  { key: "repository", label: "Repository", of: (i) => instanceRepository(i) },
  { key: "difficulty", label: "Difficulty", of: (i) => text(i.metadata?.difficulty) },
  { key: "length", label: "Length", of: (_, f) => f.length ?? null },
  { key: "label", label: "Label", of: (_, f) => f.label ?? null },
  { key: "failure_type", label: "Failure type", of: (i, f) => f.failure ?? text(i.metadata?.failure_type) },
  { key: "ci_service", label: "CI service", of: (i) => text(i.metadata?.ci_service) },
  { key: "patch_set", label: "Patch set", of: (i) => text(i.metadata?.patch_set) },
  // CR-Bench keeps its taxonomy tags with the truth (breakdowns are never offered on a hidden release)
  { key: "category", label: "Category", of: (i) => text(i.metadata?.category) ?? text(truthField(i, "category")) },
  { key: "impact", label: "Impact", of: (i) => text(i.metadata?.impact) ?? text(truthField(i, "impact")) },
  { key: "severity", label: "Severity", of: (i) => text(i.metadata?.severity) ?? text(truthField(i, "severity")) },
  { key: "language", label: "Language", of: (i) => text(i.metadata?.lang) },
  { key: "build_system", label: "Build system", of: (i) => text(i.metadata?.build_system) },
];

/** A breakdown offers at most this many slices (more is a list, not a breakdown). */
export const MAX_SLICES = 60;

export interface Slice {
  value: string;
  /** covered instances in the slice */
  n: number;
  metrics: Metrics;
  /** 95% bootstrap interval of the primary metric on the slice (null: undefined on every resample, or n < 2) */
  ci: { lo: number; hi: number } | null;
  /**
   * The metric the paper reads on this slice, when it is not the primary one (a slice of one truth
   * class: the share bounced, R_b or FNR_a, where a capped F_m says nothing), with its interval.
   */
  headline?: { key: string; label: string; value: number | null; ci: { lo: number; hi: number } | null };
}

/** Each instance's value of every attribute (null: none), by attribute key. */
export function attributeValues(kind: Kind, opts: TaskOptions, instances: StoredInstance[]) {
  const out: Record<string, (string | null)[]> = {};
  const facets = instances.map((i) => kind.instanceFacets?.(i, opts) ?? {});
  for (const a of BREAKDOWN_ATTRIBUTES) out[a.key] = instances.map((i, k) => a.of(i, facets[k]));
  return out;
}

/** The attributes a release offers: at least two values, at most MAX_SLICES, with their values and counts. */
export function offeredAttributes(kind: Kind, opts: TaskOptions, instances: StoredInstance[]) {
  const values = attributeValues(kind, opts, instances);
  return BREAKDOWN_ATTRIBUTES.flatMap((a) => {
    const counts = new Map<string, number>();
    for (const v of values[a.key]) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
    if (counts.size < 2 || counts.size > MAX_SLICES) return [];
    return [
      { key: a.key, label: a.label, slices: counts.size, instances: [...counts.values()].reduce((s, n) => s + n, 0) },
    ];
  });
}

/** Slice order: length buckets short to long, anything else by size then name. */
function order(key: string, slices: Slice[]): Slice[] {
  if (key === "length") {
    const at = (v: string) => {
      const k = [...BUCKETS.input, ...BUCKETS.output].findIndex((b) => b.label === v);
      return k < 0 ? 99 : k;
    };
    return slices.sort((a, b) => at(a.value) - at(b.value));
  }
  return slices.sort((a, b) => b.n - a.n || a.value.localeCompare(b.value));
}

/**
 * The score's metrics on every slice of every attribute the release offers, over the covered
 * instances, each with a seeded 95% bootstrap interval of the primary metric (1,000 resamples).
 */
export function computeBreakdowns(
  kind: Kind,
  opts: TaskOptions,
  instances: StoredInstance[],
  predictions: Map<string, Record<string, unknown>>,
  seed = BOOTSTRAP_SEED,
): Record<string, Slice[]> {
  const values = attributeValues(kind, opts, instances);
  const offered = new Set(offeredAttributes(kind, opts, instances).map((a) => a.key));
  const out: Record<string, Slice[]> = {};
  for (const a of BREAKDOWN_ATTRIBUTES) {
    if (!offered.has(a.key)) continue;
    const groups = new Map<string, number[]>();
    values[a.key].forEach((v, k) => {
      if (v === null || !predictions.has(instances[k].externalId)) return;
      const g = groups.get(v);
      if (g) g.push(k);
      else groups.set(v, [k]);
    });
    const slices: Slice[] = [];
    for (const [value, members] of groups) {
      const pairs = members.map((k) => ({
        truth: instances[k].truth,
        prediction: predictions.get(instances[k].externalId)!,
        metadata: instances[k].metadata ?? {},
      }));
      const { metrics } = kind.score(pairs, opts);
      const rows = kind.primaryRows(
        members.map((k) => ({ instance: instances[k], prediction: predictions.get(instances[k].externalId)! })),
        opts,
      );
      const ci = interval(rows, (picked) => kind.primaryFromStats(picked, opts), seed);
      const head = kind.sliceHeadline?.(pairs, opts) ?? null;
      const headline = head
        ? {
            key: head.key,
            label: head.label,
            value: head.values.length ? mean(head.values) : null,
            ci: interval(
              head.values.map((v) => [v]),
              (picked) => (picked.length ? mean(picked.map((r) => r[0])) : null),
              seed,
            ),
          }
        : undefined;
      slices.push({ value, n: members.length, metrics, ci, ...(headline ? { headline } : {}) });
    }
    if (slices.length) out[a.key] = order(a.key, slices);
  }
  return out;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** A seeded 95% bootstrap interval of a statistic of per-instance rows (null: fewer than 2 rows, or undefined). */
function interval(
  rows: number[][],
  stat: (picked: number[][]) => number | null,
  seed: number,
): { lo: number; hi: number } | null {
  if (rows.length < 2) return null;
  try {
    const { low, high } = intervalFromReplicates(statsReplicates(rows, stat, seed));
    return { lo: low, hi: high };
  } catch {
    return null;
  }
}

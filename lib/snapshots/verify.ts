// `cli verify`: checks a snapshot without trusting the server that made it (issue 31). Every
// file's SHA-256, size and row count against the manifest (and the manifest's against the id);
// the Parquet and CSV copies of each table against each other; then, on a public release, every
// board row recomputed from the published predictions and truth with the same pure library the
// server scores with — metrics, the 95% CI on the release's seeded bootstrap, coverage, each
// prediction's outcome — and the rank intervals of both views from the recomputed replicates.
import { parquetReadObjects } from "hyparquet";
import { intervalFromReplicates, rankIntervals } from "@/lib/metrics";
import { anchorOf, bestOfSystems, bestWithRuns, runNumber, runSetsOf, systemKey } from "@/lib/leaderboard-runs";
import { getTaskKind } from "@/lib/tasks";
import type { ResolvedTask } from "@/lib/tasks/resolve";
import type { StoredInstance, TaskKindName } from "@/lib/tasks/types";
import { computeScore } from "@/lib/server/scoring/compute";
import { outcomeAt } from "@/lib/server/scoring/outcomes";
import { fixed } from "@/lib/format";
import { SnapshotManifest } from "@/lib/contracts/snapshots";
import type { Manifest } from "./format";
import { readCsvGz, sha256Hex, utf8 } from "./tables";

/** Where a snapshot's files come from: a folder, or a server. */
export type ReadFile = (name: string) => Promise<Uint8Array>;

export interface Verdict {
  ok: boolean;
  lines: string[];
  /** board rows recomputed (the "all" view), and how many of them matched */
  rows: { total: number; ok: number };
}

/** What a caller may follow as it happens (the browser's progress): each line, and rows done of all. */
export interface VerifyListener {
  line?: (line: string, kind: "manifest" | "file" | "row" | "check") => void;
  rows?: (done: number, total: number) => void;
}

/** Where checks write their lines. */
type Out = (line: string) => void;

type Row = Record<string, string | null>;
const TOL = 1e-12;

function same(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number")
    return a === b || (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= TOL * Math.max(1, Math.abs(a));
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return a === b;
  const ka = Object.keys(a as object).sort();
  const kb = Object.keys(b as object).sort();
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

const num = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The files: hashes, sizes, rows, and the two formats of each table agreeing. */
async function checkFiles(manifest: Manifest, read: ReadFile, out: Out): Promise<Map<string, Row[]> | null> {
  const tables = new Map<string, Row[]>();
  let ok = true;
  for (const f of manifest.files) {
    const data = await read(f.name);
    const problems: string[] = [];
    const hash = await sha256Hex(data);
    if (hash !== f.sha256) problems.push(`SHA-256 ${hash.slice(0, 12)}… ≠ ${f.sha256.slice(0, 12)}…`);
    if (data.length !== f.bytes) problems.push(`${data.length} bytes ≠ ${f.bytes}`);
    let rows: Row[] | Record<string, unknown>[] = [];
    try {
      if (f.name.endsWith(".csv.gz")) tables.set(f.name.replace(/\.csv\.gz$/, ""), (rows = await readCsvGz(data)));
      else {
        const ab = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer;
        rows = (await parquetReadObjects({ file: ab })) as Record<string, unknown>[];
        const csv = tables.get(f.name.replace(/\.parquet$/, ""));
        const differ = csv?.findIndex((r, i) =>
          Object.entries(r).some(([k, v]) => (v ?? null) !== toText((rows as Record<string, unknown>[])[i]?.[k])),
        );
        if (differ !== undefined && differ >= 0) problems.push(`row ${differ + 1} differs from the CSV copy`);
      }
    } catch (e) {
      problems.push(`unreadable: ${(e as Error).message}`);
    }
    if (rows.length !== f.rows) problems.push(`${rows.length} rows ≠ ${f.rows}`);
    out(problems.length ? `✗ ${f.name}: ${problems.join("; ")}` : `✓ ${f.name} (${f.rows} rows, SHA-256 ok)`);
    ok &&= !problems.length;
  }
  return ok ? tables : null;
}

function toText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === "bigint" ? v.toString() : String(v);
}

function resolved(manifest: Manifest): ResolvedTask {
  const kind = getTaskKind(manifest.task.kind as TaskKindName);
  return {
    id: "",
    fullSlug: manifest.task.slug,
    name: manifest.task.slug,
    description: "",
    primaryMetric: manifest.task.primaryMetric,
    kind,
    kindName: manifest.task.kind,
    options: kind.parseOptions(manifest.task.options),
    benchmark: { slug: manifest.task.slug.split("/")[0], name: "" },
    quotaPerDay: null,
    quotaTotal: null,
    hiddenApprovedOnly: false,
  };
}

type Recomputed = ReturnType<typeof computeScore>;

/** Each submission's score recomputed from the published predictions and truth; every difference is a line. */
function checkRows(
  manifest: Manifest,
  tables: Map<string, Row[]>,
  out: Out,
  done: (ok: boolean) => void,
): Map<string, Recomputed> {
  const task = resolved(manifest);
  const instances: StoredInstance[] = tables.get("instances")!.map((r) => ({
    externalId: r.instance_id!,
    truth: JSON.parse(r.truth_json!),
    metadata: JSON.parse(r.metadata_json ?? "{}"),
  }));
  const index = new Map(instances.map((inst, i) => [inst.externalId, i]));
  const bySubmission = new Map<string, Row[]>();
  for (const p of tables.get("predictions")!) {
    const list = bySubmission.get(p.submission_id!) ?? [];
    list.push(p);
    bySubmission.set(p.submission_id!, list);
  }
  const scores = new Map<string, Recomputed>();
  for (const r of tables.get("board")!.filter((b) => b.view === "all")) {
    const id = r.submission_id!;
    const preds = bySubmission.get(id) ?? [];
    const s = computeScore(
      task,
      instances,
      new Map(preds.map((p) => [p.instance_id!, JSON.parse(p.prediction_json!)])),
      {
        bootstrapSeed: manifest.release.bootstrapSeed,
        breakdowns: false,
      },
    );
    scores.set(id, s);
    const diffs = rowDifferences(r, s);
    const wrong = preds.filter(
      (p) => String(outcomeAt(s.outcomes, instances.length, index.get(p.instance_id!)!)) !== p.correct,
    );
    if (wrong.length) diffs.push(`${wrong.length} outcome(s) differ, e.g. ${wrong[0].instance_id}`);
    const label = `${r.model}${r.team ? ` (${r.team})` : r.baseline ? " (baseline)" : ""}`;
    const value = r.primary === null ? "—" : fixed(Number(r.primary), 4);
    out(diffs.length ? `✗ ${label}: ${diffs.join("; ")}` : `✓ ${label}: ${manifest.task.primaryMetric} ${value}`);
    done(!diffs.length);
  }
  return scores;
}

/** What a board row states and its recomputed score do not agree on: metrics, primary, CI, coverage. */
function rowDifferences(r: Row, s: Recomputed): string[] {
  const diffs: string[] = [];
  const metrics = JSON.parse(r.metrics_json!);
  if (!same(s.result?.metrics ?? {}, metrics)) diffs.push("metrics differ");
  if (!same(s.result?.primaryValue ?? null, num(r.primary)))
    diffs.push(`primary ${r.primary} ≠ ${s.result?.primaryValue}`);
  if (!same(s.ci?.low ?? null, num(r.ci_low)) || !same(s.ci?.high ?? null, num(r.ci_high)))
    diffs.push(`CI [${r.ci_low}, ${r.ci_high}] ≠ [${s.ci?.low}, ${s.ci?.high}]`);
  if (s.covered !== Number(r.covered) || s.total !== Number(r.total))
    diffs.push(`coverage ${r.covered}/${r.total} ≠ ${s.covered}/${s.total}`);
  return diffs;
}

type Compare = (
  view: string,
  rows: { submission_id: string; model: string }[],
  computed: ReturnType<typeof rankIntervals>["rows"],
) => void;

/** A check of one view's stated rank intervals against computed ones (a line per difference, or one ✓). */
function comparer(board: Row[], out: Out): Compare {
  return (view, rows, computed) => {
    const byId = new Map(board.filter((r) => r.view === view).map((r) => [r.submission_id, r]));
    let bad = 0;
    rows.forEach((r, i) => {
      const s = byId.get(r.submission_id);
      const c = computed[i];
      const stated = [s?.rank_lo, s?.rank_hi, s?.rank_sim_lo, s?.rank_sim_hi].map(num);
      if (![c.lo, c.hi, c.simLo, c.simHi].every((x, k) => x === stated[k])) {
        bad++;
        out(`✗ rank interval of ${r.model} (${view}): ${stated.join(", ")} ≠ ${c.lo}, ${c.hi}, ${c.simLo}, ${c.simHi}`);
      }
    });
    if (!bad) out(`✓ rank intervals (${view}): ${rows.length} rows, marginal and simultaneous`);
  };
}

/** A board row as the run-set code reads it (the team's slug stands for its id). */
const member = (r: Row) => ({
  submission_id: r.submission_id!,
  primary_value: r.primary === null ? null : Number(r.primary),
  team_id: r.team_slug ?? null,
  model: r.model!,
  run: runNumber(JSON.parse(r.meta_json ?? "{}")),
});

/**
 * Rank intervals of both views, recomputed from the recomputed replicates, as the server computes
 * them. With repeated runs the best view is a set of its own: each run set's mean, its replicates
 * the two-level bootstrap (lib/leaderboard-runs.ts), whose value and interval are checked too. A
 * mean that counts runs off the board (runs_withheld: made private or withdrawn, issue 47) cannot
 * be recomputed from the snapshot, nor then the best view's intervals: said, not checked.
 */
function checkIntervals(tables: Map<string, Row[]>, scores: Map<string, Recomputed>, out: Out): void {
  const board = tables.get("board")!;
  const ranked = board.filter((r) => r.view === "all" && !r.baseline && r.partial !== "true").map(member);
  const vector = (id: string) => scores.get(id)?.replicates ?? undefined;
  const usable = ranked.filter((r) => vector(r.submission_id) && r.primary_value !== null);
  if (!usable.length) return;
  const compare = comparer(board, out);
  const withheld = board.filter((r) => r.view === "best" && (num(r.runs_withheld) ?? 0) > 0);
  const partly = new Set(withheld.map((r) => systemKey(member(r))));
  const sets = new Map([...runSetsOf(ranked)].filter(([k]) => !partly.has(k)));
  if (sets.size || withheld.length) {
    const all = rankIntervals(
      usable.map((r) => r.primary_value!),
      usable.map((r) => vector(r.submission_id)!),
      0.95,
    );
    compare("all", usable, all.rows);
    const best = bestWithRuns(ranked, vector, sets).filter((e) => e.vector !== undefined);
    for (const r of withheld)
      out(
        `· ${r.model}: its mean counts ${r.runs_withheld} run(s) its team made private or withdrew, which this snapshot does not hold: not recomputed`,
      );
    if (withheld.length)
      out(`· rank intervals (best): not recomputed (${withheld.length} row(s) count runs not in this snapshot)`);
    else {
      const iv = rankIntervals(
        best.map((e) => e.primary_value),
        best.map((e) => e.vector!),
        0.95,
      );
      const byId = new Map(ranked.map((r) => [r.submission_id, r]));
      compare(
        "best",
        best.map((e) => byId.get(e.submission_id)!),
        iv.rows,
      );
    }
    checkRunRows(board, best, sets, out);
    return;
  }
  const bestIds = new Set(bestOfSystems(ranked).map((r) => r.submission_id));
  const best = usable.flatMap((r, i) => (bestIds.has(r.submission_id) ? [i] : []));
  const iv = rankIntervals(
    usable.map((r) => r.primary_value!),
    usable.map((r) => vector(r.submission_id)!),
    0.95,
    [best],
  );
  compare("all", usable, iv.rows);
  compare(
    "best",
    best.map((i) => usable[i]),
    iv.subsets[0].rows,
  );
}

/** Each run set's best-view row: the mean over its runs and the two-level bootstrap interval. */
function checkRunRows(
  board: Row[],
  best: ReturnType<typeof bestWithRuns>,
  sets: ReturnType<typeof runSetsOf<ReturnType<typeof member>>>,
  out: Out,
) {
  const anchors = new Set([...sets.values()].map((set) => anchorOf(set).submission_id));
  for (const e of best) {
    if (!anchors.has(e.submission_id) || !e.vector) continue;
    const row = board.find((r) => r.view === "best" && r.submission_id === e.submission_id);
    const ci = intervalFromReplicates(e.vector);
    const ok =
      row !== undefined &&
      same(e.primary_value, num(row.primary)) &&
      same(ci.low, num(row.ci_low)) &&
      same(ci.high, num(row.ci_high));
    out(
      ok
        ? `✓ ${row!.model}: the mean of its runs ${fixed(e.primary_value, 4)} and its two-level interval`
        : `✗ ${row?.model ?? e.submission_id}: the mean over runs or its interval differs (${row?.primary} [${row?.ci_low}, ${row?.ci_high}] ≠ ${e.primary_value} [${ci.low}, ${ci.high}])`,
    );
  }
}

/** The manifest, checked against its contract; or what is wrong with it. */
function parseManifest(bytes: Uint8Array): Manifest | string {
  let json: unknown;
  try {
    json = JSON.parse(utf8(bytes));
  } catch (e) {
    return `not JSON (${(e as Error).message})`;
  }
  const parsed = SnapshotManifest.safeParse(json);
  if (!parsed.success)
    return `not a snapshot manifest (${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`;
  return parsed.data;
}

/**
 * Verifies a snapshot read through `read` (manifest.json and the files it names). `id`, when
 * known, must be the manifest's SHA-256. Returns a line per check (✓, or what differs) and how many
 * board rows were recomputed; `listen` follows the lines and rows as they are decided.
 */
export async function verifySnapshot(read: ReadFile, id?: string, listen: VerifyListener = {}): Promise<Verdict> {
  const lines: string[] = [];
  const rows = { total: 0, ok: 0 };
  const sink =
    (kind: Parameters<NonNullable<VerifyListener["line"]>>[1]): Out =>
    (line) => {
      lines.push(line);
      listen.line?.(line, kind);
    };
  const bytes = await read("manifest.json");
  const actual = await sha256Hex(bytes);
  if (id && actual !== id) {
    sink("manifest")(`✗ manifest.json: SHA-256 ${actual} is not the id ${id}`);
    return { ok: false, lines, rows };
  }
  const manifest = parseManifest(bytes);
  if (typeof manifest === "string") {
    sink("manifest")(`✗ manifest.json: ${manifest}`);
    return { ok: false, lines, rows };
  }
  rows.total = manifest.release.hidden ? 0 : (manifest.files.find((f) => f.name === "board.csv.gz")?.rows ?? 0);
  sink("manifest")(
    `✓ manifest.json: snapshot ${actual} of ${manifest.task.slug} ${manifest.release.version} (${manifest.createdAt}, metrics ${manifest.metricsVersion})`,
  );
  const tables = await checkFiles(manifest, read, sink("file"));
  if (!tables) return { ok: false, lines, rows };
  if (manifest.release.hidden) {
    sink("check")(
      `· a hidden release: the board only (${manifest.withheld.join(", ")} withheld); nothing to recompute`,
    );
    return { ok: true, lines, rows };
  }
  rows.total = tables.get("board")!.filter((b) => b.view === "all").length;
  let done = 0;
  const scores = checkRows(manifest, tables, sink("row"), (ok) => {
    rows.ok += ok ? 1 : 0;
    listen.rows?.(++done, rows.total);
  });
  const check = sink("check");
  if (manifest.rankIntervals.state === "fresh") checkIntervals(tables, scores, check);
  else check(`· rank intervals were ${manifest.rankIntervals.state} when the snapshot was made: not checked`);
  return { ok: lines.every((l) => !l.startsWith("✗")), lines, rows };
}

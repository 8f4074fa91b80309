import { isBlank } from "@/lib/tasks/shared/coerce";
import type { Problem } from "@/lib/errors";
import { defineTaskKind, type Instance, type Pair } from "@/lib/tasks/define";
import { shares } from "../shared/distributions";
import type { Metrics, ParseResult } from "@/lib/tasks/types";
import { applyPatch, PatchError } from "./apply-patch";
import { ciRepairSubmissionCharts, ciRepairTaskCharts } from "./chart-data";
import { CiDetails, CiMetadata, CiPrediction, CiTruth } from "./schemas";
import { CI_COLUMNS } from "./columns";
import { readFailureType } from "./failure-type";
import { buildCiTable1 } from "./table-1";
import { judgeArtifact } from "./sye";
import { buildCiTemplate } from "./template";
import { syntheticCiTask } from "./synthetic";

export { CiDetails, CiMetadata, CiPrediction, CiTruth } from "./schemas";

function readFiles(v: unknown): Record<string, string> | string {
  let o = v;
  if (typeof v === "string") {
    try {
      o = JSON.parse(v);
    } catch {
      return "is not valid JSON";
    }
  }
  if (typeof o !== "object" || o === null || Array.isArray(o)) return "is not an object of path → content";
  for (const [k, c] of Object.entries(o)) if (typeof c !== "string") return `content of ${k} is not a string`;
  return o as Record<string, string>;
}

/**
 * A non-fatal finding about one release row (an optional field missing or unreadable): the import
 * goes on and its report lists each finding once, with how many rows and which (the first few).
 */
export interface ReleaseRowWarning {
  field: string;
  message: string;
}

/** A release row's parse: as ParseResult, and on success the row's warnings. */
export type CiReleaseRowResult = ParseResult<Instance<CiTruth, CiMetadata>> & { warnings?: ReleaseRowWarning[] };

const UNREADABLE = (expected: string) => `unreadable, left out (expected ${expected})`;
const EXPECTED: Record<string, string> = {
  failure_type: "a short text, e.g. test",
  failed_job: "BugSwarm's failed_job object",
  "failed_job.failed_tests": "test names separated by #, or a list of them",
  "failed_job.num_tests_failed": "a count ≥ 0",
  failed_tests: "test names separated by #, or a list of them",
  num_tests_failed: "a count ≥ 0",
};
const NO_FAILURE_TYPE =
  "no failure type: the row has neither failure_type nor BugSwarm's failed_job.failed_tests / num_tests_failed " +
  "(BugSwarm's classification says what the fix touched, not what failed, and is not read); " +
  "the failure-type breakdown leaves these artifacts out";

/**
 * Validates one release row. Required: instance_id, repo, lang, build_system, developer_patch (it
 * must apply to `files`). Optional (never a problem; see ReleaseRowWarning): ci_service and what
 * failed (./failure-type.ts).
 */
export function parseCiReleaseRow(row: Record<string, unknown>): CiReleaseRowResult {
  const id = typeof row.instance_id === "string" ? row.instance_id.trim() : "";
  if (!id)
    return {
      ok: false,
      problems: [{ field: "instance_id", message: "missing instance_id", expected: "an artifact tag" }],
    };
  const problems: Problem[] = [];
  const at = (field: string, message: string, expected?: string) =>
    problems.push({ instanceId: id, field, message, expected });
  for (const f of ["repo", "lang", "build_system"])
    if (typeof row[f] !== "string" || !String(row[f]).trim()) at(f, "missing", "a string");
  const files = readFiles(row.files ?? {});
  if (typeof files === "string") at("files", files, '{ "<path>": "<pre-fix content>" }');
  const dev = typeof row.developer_patch === "string" ? row.developer_patch : "";
  if (!dev.trim()) at("developer_patch", "missing", "a unified diff");
  else if (typeof files !== "string") {
    try {
      applyPatch(files, dev);
    } catch (e) {
      if (e instanceof PatchError) at("developer_patch", `does not apply to the pre-fix files: ${e.message}`);
      else throw e;
    }
  }
  // BugSwarm's own fields, for breakdowns: optional, so never a problem — a row without one, or
  // with one that cannot be read, imports without it and the import report lists it (warnings)
  const warnings: ReleaseRowWarning[] = [];
  const ci = row.ci_service;
  const ciService = typeof ci === "string" && ci.trim() && ci.trim().length <= 80 ? ci.trim() : undefined;
  if (!ciService && !isBlank(ci))
    warnings.push({ field: "ci_service", message: UNREADABLE("a short text, e.g. travis") });
  const failure = readFailureType(row);
  const failureType = failure.value ?? undefined;
  for (const f of failure.value === null ? failure.unreadable : [])
    warnings.push({ field: f, message: UNREADABLE(EXPECTED[f] ?? "a readable value") });
  if (failure.value === null) warnings.push({ field: "failure_type", message: NO_FAILURE_TYPE });
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    ...(warnings.length ? { warnings } : {}),
    value: {
      externalId: id,
      truth: { developer_patch: dev },
      metadata: {
        repo: String(row.repo),
        lang: String(row.lang),
        build_system: String(row.build_system),
        ...(ciService ? { ci_service: ciService } : {}),
        ...(failureType ? { failure_type: failureType } : {}),
        files: files as Record<string, string>,
      },
    },
  };
}

function parsePrediction(id: string, value: unknown): ParseResult<CiPrediction> {
  const problems: Problem[] = [];
  const at = (field: string, message: string, expected?: string) =>
    problems.push({ instanceId: id, field, message, expected });
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    at("", "prediction is not an object", "{ patch, plausible?, correct? }");
    return { ok: false, problems };
  }
  const v = value as Record<string, unknown>;
  if (!("patch" in v)) at("patch", "missing", "a unified diff string, or null for no patch");
  else if (v.patch !== null && typeof v.patch !== "string") at("patch", `is ${typeof v.patch}`, "a string or null");
  const out: CiPrediction = { patch: typeof v.patch === "string" ? v.patch : null };
  for (const f of ["plausible", "correct"] as const) {
    if (v[f] === undefined || v[f] === null) continue;
    const b = typeof v[f] === "boolean" ? (v[f] as boolean) : undefined;
    if (b === undefined) at(f, `is ${JSON.stringify(v[f])}`, "true or false");
    else out[f] = b;
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, value: out };
}

function verdict(instance: { truth: CiTruth; metadata: CiMetadata }, prediction: CiPrediction) {
  return judgeArtifact(
    instance.metadata.files,
    instance.truth.developer_patch,
    prediction.patch,
    instance.metadata.lang,
  );
}

function score(pairs: Pair<CiTruth, CiPrediction, CiMetadata>[]): {
  metrics: Metrics;
  primaryValue: number;
  details: CiDetails;
} {
  const n = pairs.length;
  const v = pairs.map((p) => verdict(p, p.prediction));
  const sye = v.map((x) => (x.sye ? 1 : 0));
  const count = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const PG = count(v.map((x) => (x.generated ? 1 : 0)));
  const PL = count(pairs.map((p) => (p.prediction.plausible === true ? 1 : 0)));
  const CO = count(pairs.map((p) => (p.prediction.correct === true ? 1 : 0)));
  const SYE = count(sye);
  // the paper's SYE: among the patches reported plausible (CI-Bench §4, Table 1)
  const SYE_PL = count(pairs.map((p, k) => (sye[k] && p.prediction.plausible === true ? 1 : 0)));
  const lexers: Record<string, number> = {};
  for (const x of v) for (const l of x.lexers) lexers[l] = (lexers[l] ?? 0) + 1;
  return {
    metrics: {
      PG,
      PL,
      SYE,
      SYE_PL,
      CO,
      SYE_rate: SYE / n,
      SYE_PL_rate: SYE_PL / n,
      PG_rate: PG / n,
      PL_rate: PL / n,
      CO_rate: CO / n,
      artifacts: n,
    },
    // the ranking metric (CI_PRIMARY_METRIC): the one rate the server checks itself
    primaryValue: SYE / n,
    details: {
      lexers,
      reported: ["PL", "CO"],
      plReportedFor: pairs.filter((p) => typeof p.prediction.plausible === "boolean").length,
    },
  };
}

/** CI-Bench: repair reproducible CI failures; the server checks patches against the developer fix. */
export const ciRepair = defineTaskKind({
  kind: "ci_repair",
  title: "CI repair",
  schemas: { truth: CiTruth, metadata: CiMetadata, prediction: CiPrediction, details: CiDetails },
  columns: () => CI_COLUMNS,
  parseReleaseRow: (row) => parseCiReleaseRow(row),
  parsePrediction: (id, value) => parsePrediction(id, value),
  warnPrediction(instance, prediction) {
    const r = verdict(instance, prediction);
    return !r.generated && r.reason?.startsWith("does not apply")
      ? [`${instance.externalId}: patch ${r.reason}; counted as not generated`]
      : [];
  },
  // public metadata only: shown for hidden releases too
  releaseDistributions: ({ instances }) => [
    { title: "Language", rows: shares(instances.map((i) => String(i.metadata.lang))) },
    { title: "Build system", rows: shares(instances.map((i) => String(i.metadata.build_system))) },
    // what failed (test / build, or the release's own word); artifacts without it are counted, not hidden
    { title: "Failure type", rows: shares(instances.map((i) => i.metadata.failure_type ?? "not stated")) },
  ],
  score: (pairs) => score(pairs),
  outcome(instance, prediction) {
    const r = verdict(instance, prediction);
    return {
      correct: r.sye,
      outcome: r.sye ? "sye" : r.generated ? "generated_not_sye" : "not_generated",
      predicted: r.generated ? (r.sye ? "equivalent patch" : "patch") : "no usable patch",
      expected: "the developer's fix",
    };
  },
  // SYE_rate decomposed per artifact: token-equal to the developer's fix or not (its interval's resamples)
  primaryStats: (instance, prediction) => [verdict(instance, prediction).sye ? 1 : 0],
  primaryFromStats: (rows) => (rows.length ? rows.reduce((s, r) => s + r[0], 0) / rows.length : null),
  outcomeFilters: [
    { key: "sye", label: "Equivalent" },
    { key: "generated_not_sye", label: "Applies, differs" },
    { key: "not_generated", label: "Not generated" },
  ],
  predictionFormat: () => ({
    summary:
      'Per artifact: { "patch": unified diff or null, "plausible"?: bool, "correct"?: bool } (PL and CO are shown as reported). A patch that does not apply counts as not generated and is listed as a warning.',
    example:
      '{ "tananaev-traccar-64783123": { "patch": "--- a/src/A.java\\n+++ b/src/A.java\\n@@ …", "plausible": true } }',
  }),
  releaseFormat: () => ({
    summary:
      'JSON array or JSONL, one artifact per row: instance_id (artifact tag), repo, lang, build_system, developer_patch (unified diff), files: { path: pre-fix content }. Optional, for breakdowns (a row without them imports, and the import report lists it): ci_service, and what failed — failure_type (a short text), or BugSwarm\'s failed_job { failed_tests, num_tests_failed }, read as "test" when tests failed and "build" when none did. BugSwarm\'s classification is not read (it says what the fix touched).',
    example:
      '{"instance_id": "tananaev-traccar-64783123", "repo": "tananaev/traccar", "lang": "Java", "build_system": "Maven", "developer_patch": "…", "files": {"src/A.java": "…"}}',
  }),
  template: buildCiTemplate,
  taskCharts: ciRepairTaskCharts,
  submissionCharts: ciRepairSubmissionCharts,
  // the paper's Table 1 (lib/server/leaderboard/paper-tables.ts serves it; the task page draws it from taskCharts)
  paperTable: buildCiTable1,
  synthetic: (seed) => syntheticCiTask(seed),
});

import { z } from "zod";
import { isBlank } from "@/lib/tasks/shared/coerce";
import type { Problem } from "@/lib/errors";
import { defineTaskKind, type Instance, type Pair } from "@/lib/tasks/define";
import { shares } from "../shared/distributions";
import type { Metrics, MetricColumn, ParseResult } from "@/lib/tasks/types";
import { applyPatch, PatchError } from "./apply-patch";
import { ciRepairSubmissionCharts, ciRepairTaskCharts } from "./chart-data";
import { judgeArtifact } from "./sye";
import { buildCiTemplate } from "./template";

/** Stored truth of an artifact: the developer's fix. */
export const CiTruth = z.object({ developer_patch: z.string() });
export type CiTruth = z.infer<typeof CiTruth>;
/** Public metadata: the repository, language, build system and the pre-fix files. */
export const CiMetadata = z.object({
  repo: z.string(),
  lang: z.string(),
  build_system: z.string(),
  /** the CI service that ran the failing build (BugSwarm: travis, github) */
  ci_service: z.string().optional(),
  /** what failed (BugSwarm's classification: build, test, code, …) */
  failure_type: z.string().optional(),
  files: z.record(z.string(), z.string()),
});
export type CiMetadata = z.infer<typeof CiMetadata>;
/** A stored prediction: the tool's patch (null: none), with the PL/CO it reports. */
export const CiPrediction = z.object({
  patch: z.string().nullable(),
  plausible: z.boolean().optional(),
  correct: z.boolean().optional(),
});
export type CiPrediction = z.infer<typeof CiPrediction>;
/** Score details: which lexer judged how many artifacts, and how many reported PL. */
export const CiDetails = z.object({
  lexers: z.record(z.string(), z.number().int()),
  reported: z.array(z.string()),
  plReportedFor: z.number().int(),
});
export type CiDetails = z.infer<typeof CiDetails>;

const COLUMNS: MetricColumn[] = [
  {
    key: "SYE_rate",
    label: "SYE rate",
    description:
      "Share of artifacts whose patch is syntactically equivalent to the developer's fix (token streams equal, comments and whitespace dropped); computed by the server.",
    better: "higher",
    format: "percent1",
  },
  {
    key: "SYE",
    label: "SYE",
    description: "Syntactically equivalent patches (count).",
    better: "higher",
    format: "count",
  },
  {
    key: "SYE_PL",
    label: "SYE ∧ PL",
    description:
      "Syntactically equivalent among the patches reported plausible — the paper's SYE (CI-Bench Table 1: SYE ≤ PL in every cell). SYE alone does not trust the reported PL.",
    better: "higher",
    format: "count",
  },
  {
    key: "PG",
    label: "PG",
    description: "Patches generated: a non-empty diff whose hunks apply to the pre-fix files (computed by the server).",
    better: "higher",
    format: "count",
  },
  {
    key: "PL",
    label: "PL (reported)",
    description: "Plausible patches (original build and tests pass), as reported by the submitter.",
    better: "higher",
    format: "count",
  },
  {
    key: "CO",
    label: "CO (reported)",
    description: "Correct patches (manual check against the developer fix), as reported by the submitter.",
    better: "higher",
    format: "count",
  },
];

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

function parseRelease(row: Record<string, unknown>): ParseResult<Instance<CiTruth, CiMetadata>> {
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
  // BugSwarm's own fields, for breakdowns: the CI service and what failed (a string, or its
  // classification object's first category that is "Yes")
  const optional = (f: string): string | undefined => {
    const v = row[f];
    if (isBlank(v)) return undefined;
    if (typeof v === "string" && v.trim().length <= 80) return v.trim();
    if (f !== "ci_service" && typeof v === "object" && v !== null && !Array.isArray(v)) {
      const yes = Object.entries(v as Record<string, unknown>).find(([, x]) => x === "Yes" || x === true);
      if (yes) return yes[0];
    }
    at(f, `is ${JSON.stringify(v).slice(0, 60)}`, "a short string");
    return undefined;
  };
  const ciService = optional("ci_service");
  const failureType = optional("failure_type") ?? optional("classification");
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
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
  columns: () => COLUMNS,
  parseReleaseRow: (row) => parseRelease(row),
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
      "JSON array or JSONL, one artifact per row: instance_id (artifact tag), repo, lang, build_system, developer_patch (unified diff), files: { path: pre-fix content }.",
    example:
      '{"instance_id": "tananaev-traccar-64783123", "repo": "tananaev/traccar", "lang": "Java", "build_system": "Maven", "developer_patch": "…", "files": {"src/A.java": "…"}}',
  }),
  template: buildCiTemplate,
  taskCharts: ciRepairTaskCharts,
  submissionCharts: ciRepairSubmissionCharts,
});

// A snapshot in the Every Eval Ever schema (EvalEval Coalition; Batzner et al. 2026), version
// 0.3.0 (every_eval_ever/schemas/eval.schema.json, JSON Schema draft-07): one aggregate record
// per system of the board (its "one row per system" view), as JSON Lines. The mapping is in
// docs/api.md ("Every Eval Ever"). Per-sample records are not written: the schema's instance
// level needs each sample's input text, which a snapshot does not hold; its predictions file
// carries every outcome.
import crypto from "node:crypto";
import { getTaskKind } from "@/lib/tasks";
import type { MetricColumn, TaskKindName } from "@/lib/tasks/types";
import { readCsvGz, type Manifest } from "./format";

export const EEE_SCHEMA_VERSION = "0.3.0";

/** A canonical version-4 UUID drawn from `seed` (stable: the same snapshot row, the same id). */
function uuid4(seed: string): string {
  const b = crypto.createHash("sha256").update(seed).digest().subarray(0, 16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A folder name the EEE datastore accepts (no reserved characters, never "data"). */
const safe = (s: string) => s.replace(/[<>:"/\\|?*\u0000-\u001f]/g, "_").replace(/[. ]+$/, "") || "unknown";
const epoch = (iso: string) => String(Date.parse(iso) / 1000);

/** The snapshot's board as EEE aggregate records, one JSON line each. */
export function eeeRecords(
  manifest: Manifest,
  board: Uint8Array,
  opts: { snapshotId: string; snapshotUrl: string; boardUrl: string; sourceName: string; organization: string },
): string {
  const kind = getTaskKind(manifest.task.kind as TaskKindName);
  const columns = new Map(kind.columns(kind.parseOptions(manifest.task.options)).map((c) => [c.key, c]));
  const [benchmark] = manifest.task.slug.split("/");
  const rows = readCsvGz(board).filter((r) => r.view === "best");
  const lines = rows.map((r) => {
    const developer = r.team ?? (r.baseline ? "server-baseline" : "unknown");
    const evaluationId = `${manifest.task.slug}/${r.model}/${manifest.release.version}/${manifest.createdAt}`;
    const metrics = JSON.parse(r.metrics_json ?? "{}") as Record<string, unknown>;
    const results = evaluationResults(metrics, r, manifest, columns, opts);
    const record = {
      schema_version: EEE_SCHEMA_VERSION,
      evaluation_id: evaluationId,
      evaluation_timestamp: epoch(r.created_at!),
      retrieved_timestamp: epoch(manifest.createdAt),
      source_metadata: {
        source_name: opts.sourceName,
        source_type: manifest.release.hidden ? "documentation" : "evaluation_run",
        source_organization_name: opts.organization,
        evaluator_relationship: "third_party",
        additional_details: {
          snapshot_id: opts.snapshotId,
          release: manifest.release.version,
          submission_id: r.submission_id!,
          rank: r.rank ?? "",
          rank_interval_simultaneous: r.rank_sim_lo !== null ? `${r.rank_sim_lo}-${r.rank_sim_hi}` : "",
          coverage: `${r.covered}/${r.total}`,
        },
      },
      eval_library: { name: "trustworthy-se-leaderboard lib/metrics", version: manifest.metricsVersion },
      model_info: {
        name: r.model!,
        id: r.model!,
        developer,
        additional_details: {
          deployment_type: "unknown",
          model_availability: "unknown",
          ...(r.system ? { system: r.system } : {}),
          ...(r.baseline ? { baseline: r.baseline } : {}),
        },
      },
      evaluation_results: results,
    };
    // where the EEE datastore would keep it: data/<collection>/<developer>/<model>/<uuid>.json
    const path = `data/${safe(benchmark)}/${safe(developer)}/${safe(r.model!)}/${uuid4(`${evaluationId}|${r.submission_id}`)}.json`;
    return JSON.stringify({ path, record });
  });
  return lines.length ? `${lines.join("\n")}\n` : "";
}

/** A row's finite metrics as EEE evaluation results (the primary one with its bootstrap interval). */
function evaluationResults(
  metrics: Record<string, unknown>,
  r: ReturnType<typeof readCsvGz>[number],
  manifest: Manifest,
  columns: Map<string, MetricColumn>,
  opts: { snapshotUrl: string; boardUrl: string },
) {
  const [benchmark, task] = manifest.task.slug.split("/");
  return Object.entries(metrics)
    .filter(([, v]) => typeof v === "number" && Number.isFinite(v))
    .map(([key, score]) => {
      const primary = key === manifest.task.primaryMetric;
      const id = `${benchmark}.${task}.${key}`;
      return {
        evaluation_result_id: id,
        evaluation_name: id,
        source_data: { dataset_name: manifest.task.slug, source_type: "url", url: [opts.snapshotUrl, opts.boardUrl] },
        metric_config: {
          metric_id: `${benchmark}.${key}`,
          metric_name: columns.get(key)?.label ?? key,
          lower_is_better: columns.get(key)?.better === "lower",
          ...(columns.get(key)?.description ? { evaluation_description: columns.get(key)!.description } : {}),
        },
        score_details: {
          score: score as number,
          ...(primary && r.ci_low !== null && r.ci_high !== null
            ? {
                uncertainty: {
                  confidence_interval: {
                    lower: Number(r.ci_low),
                    upper: Number(r.ci_high),
                    confidence_level: 0.95,
                    method: `percentile bootstrap over the release's fixed seeded resamples (seed ${manifest.release.bootstrapSeed})`,
                  },
                  num_samples: Number(r.covered),
                  num_bootstrap_samples: 1000,
                },
              }
            : {}),
        },
      };
    });
}

// A snapshot's files (issue 31), shared by the server that writes them and the verifier that
// reads them (`cli verify`): each table is written twice, as gzipped CSV (any tool) and as Parquet
// (DuckDB, pandas, Polars: hyparquet-writer, a small maintained pure-JavaScript writer with no
// native parts), and listed in manifest.json with its SHA-256, size and row count. The snapshot's
// id is the SHA-256 of manifest.json. Nothing here touches a database.
import crypto from "node:crypto";
import zlib from "node:zlib";
import Papa from "papaparse";
import { parquetWriteBuffer } from "hyparquet-writer";
import { stableStringify } from "@/lib/stable-json";

export const SNAPSHOT_FORMAT = "tse-leaderboard-snapshot";
export const SNAPSHOT_FORMAT_VERSION = 1;

/** A table's columns: name and Parquet type (STRING columns hold JSON where the name says so). */
export type ColumnType = "STRING" | "DOUBLE" | "INT32" | "BOOLEAN";
export interface Table {
  name: string;
  columns: { name: string; type: ColumnType }[];
  rows: Record<string, string | number | boolean | null>[];
}

/** The tables of a snapshot and their columns (docs/api.md, "Snapshots"). */
export const BOARD_COLUMNS: Table["columns"] = [
  { name: "view", type: "STRING" },
  { name: "position", type: "INT32" },
  { name: "rank", type: "INT32" },
  { name: "rank_lo", type: "INT32" },
  { name: "rank_hi", type: "INT32" },
  { name: "rank_sim_lo", type: "INT32" },
  { name: "rank_sim_hi", type: "INT32" },
  { name: "top_group", type: "BOOLEAN" },
  { name: "submission_id", type: "STRING" },
  { name: "model", type: "STRING" },
  { name: "system", type: "STRING" },
  { name: "team", type: "STRING" },
  { name: "team_slug", type: "STRING" },
  { name: "baseline", type: "STRING" },
  { name: "partial", type: "BOOLEAN" },
  { name: "covered", type: "INT32" },
  { name: "total", type: "INT32" },
  { name: "primary", type: "DOUBLE" },
  { name: "ci_low", type: "DOUBLE" },
  { name: "ci_high", type: "DOUBLE" },
  { name: "margin", type: "DOUBLE" },
  { name: "metrics_json", type: "STRING" },
  { name: "meta_json", type: "STRING" },
  { name: "created_at", type: "STRING" },
  { name: "verified_at", type: "STRING" },
  // issue 47 (appended): a row of a system with repeated runs — how many of the runs its mean
  // counts are off the board (made private or withdrawn by the team), so not in the snapshot
  { name: "runs_withheld", type: "INT32" },
];

export const INSTANCE_COLUMNS: Table["columns"] = [
  { name: "position", type: "INT32" },
  { name: "instance_id", type: "STRING" },
  { name: "truth_json", type: "STRING" },
  { name: "metadata_json", type: "STRING" },
];

export const PREDICTION_COLUMNS: Table["columns"] = [
  { name: "submission_id", type: "STRING" },
  { name: "instance_id", type: "STRING" },
  { name: "prediction_json", type: "STRING" },
  { name: "correct", type: "BOOLEAN" },
];

export const MODERATION_COLUMNS: Table["columns"] = [
  { name: "at", type: "STRING" },
  { name: "kind", type: "STRING" },
  { name: "target", type: "STRING" },
  { name: "model", type: "STRING" },
  { name: "team", type: "STRING" },
  { name: "decided_by", type: "STRING" },
  { name: "reason", type: "STRING" },
];

export interface ManifestFile {
  name: string;
  sha256: string;
  bytes: number;
  rows: number;
}

export interface Manifest {
  format: typeof SNAPSHOT_FORMAT;
  formatVersion: number;
  createdAt: string;
  reason: string;
  task: { slug: string; kind: string; options: Record<string, unknown>; primaryMetric: string };
  release: {
    id: string;
    version: string;
    hidden: boolean;
    instanceCount: number;
    bootstrapSeed: number;
    checksum: string;
    boardVersion: string;
  };
  metricsVersion: string;
  rankIntervals: { level: number; resamples: number; state: string; method: string };
  /** what a hidden release's snapshot leaves out */
  withheld: string[];
  files: ManifestFile[];
}

export const sha256 = (b: Uint8Array | string) => crypto.createHash("sha256").update(b).digest("hex");

/** The gzipped CSV of a table (header row, RFC 4180 quoting; empty cells are nulls). */
export function csvGz(t: Table): Buffer {
  const csv = Papa.unparse({
    fields: t.columns.map((c) => c.name),
    data: t.rows.map((r) => t.columns.map((c) => (r[c.name] === null || r[c.name] === undefined ? "" : r[c.name]))),
  });
  // mtime 0 and no file name: the same table gives the same bytes
  return zlib.gzipSync(Buffer.from(`${csv}\n`), { level: 9 });
}

/** The Parquet file of a table. */
export function parquet(t: Table): Buffer {
  const columnData = t.columns.map((c) => ({
    name: c.name,
    type: c.type,
    data: t.rows.map((r) => (r[c.name] === undefined ? null : r[c.name])),
  }));
  return Buffer.from(parquetWriteBuffer({ columnData: columnData as never }));
}

/** Every file of the tables (both formats), and the manifest that names them; the id is its SHA-256. */
export function writeSnapshot(
  head: Omit<Manifest, "format" | "formatVersion" | "files">,
  tables: Table[],
): { id: string; manifest: Buffer; files: (ManifestFile & { data: Buffer })[] } {
  const files = tables.flatMap((t) =>
    [
      { name: `${t.name}.csv.gz`, data: csvGz(t) },
      { name: `${t.name}.parquet`, data: parquet(t) },
    ].map((f) => ({ ...f, sha256: sha256(f.data), bytes: f.data.length, rows: t.rows.length })),
  );
  return { ...manifestOf(head, files), files };
}

/** The manifest naming these files, as served (keys sorted, two-space indent), and its SHA-256: the id. */
export function manifestOf(
  head: Omit<Manifest, "format" | "formatVersion" | "files">,
  files: ManifestFile[],
): { id: string; manifest: Buffer } {
  const manifest: Manifest = {
    format: SNAPSHOT_FORMAT,
    formatVersion: SNAPSHOT_FORMAT_VERSION,
    ...head,
    files: files.map(({ name, sha256, bytes, rows }) => ({ name, sha256, bytes, rows })),
  };
  const bytes = Buffer.from(`${JSON.stringify(JSON.parse(stableStringify(manifest)), null, 2)}\n`);
  return { id: sha256(bytes), manifest: bytes };
}

/** The rows of a gzipped CSV written by csvGz, as strings (empty: null). */
export function readCsvGz(data: Uint8Array): Record<string, string | null>[] {
  const text = zlib.gunzipSync(data).toString("utf8");
  const parsed = Papa.parse<Record<string, string>>(text.trimEnd(), { header: true, skipEmptyLines: false });
  return parsed.data.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === "" ? null : v])));
}

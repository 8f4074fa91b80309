import Papa from "papaparse";
import type { Problem } from "@/lib/errors";
import { indexPath } from "./json-path";
import { parseJsonWithPosition } from "./json-text";

export interface ReleaseRow {
  row: Record<string, unknown>;
  /** 1-based record number */
  n: number;
  /** 1-based line of a JSONL record */
  line?: number;
  /** JSONPath of the record: `$[i]` in a JSON array, `$` of its line in JSONL, none in CSV */
  path?: string;
}

export interface ParsedReleaseFile {
  format: "csv" | "json" | "jsonl" | "unknown";
  rows: ReleaseRow[];
  problems: Problem[];
}

/** Reads a dataset release file: a JSON array, JSONL, or CSV with a header row. */
export function parseReleaseFile(text: string, fileName?: string): ParsedReleaseFile {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") return { format: "unknown", rows: [], problems: [{ message: "the file is empty" }] };
  const ext = fileName?.toLowerCase().match(/\.(csv|jsonl|ndjson|json)$/)?.[1];
  const first = body.trimStart()[0];
  const problems: Problem[] = [];

  if (ext === "jsonl" || ext === "ndjson" || (!ext && first === "{")) {
    const rows: ReleaseRow[] = [];
    body.split("\n").forEach((l, i) => {
      if (l.trim() === "") return;
      const r = parseJsonWithPosition(l);
      if (!r.ok) problems.push({ line: i + 1, message: r.message });
      else if (typeof r.value !== "object" || r.value === null || Array.isArray(r.value))
        problems.push({ line: i + 1, message: "line is not a JSON object" });
      else rows.push({ row: r.value as Record<string, unknown>, n: rows.length + 1, line: i + 1, path: "$" });
    });
    return { format: "jsonl", rows, problems };
  }
  if (ext === "json" || (!ext && first === "[")) {
    const r = parseJsonWithPosition(body);
    if (!r.ok) return { format: "json", rows: [], problems: [{ line: r.line, message: r.message }] };
    if (!Array.isArray(r.value))
      return {
        format: "json",
        rows: [],
        problems: [{ message: "the file is not a JSON array", expected: "an array with one object per instance" }],
      };
    const rows: ReleaseRow[] = [];
    r.value.forEach((v, i) => {
      if (typeof v !== "object" || v === null || Array.isArray(v))
        problems.push({ row: i + 1, path: indexPath("$", i), message: "row is not an object" });
      else rows.push({ row: v as Record<string, unknown>, n: i + 1, path: indexPath("$", i) });
    });
    return { format: "json", rows, problems };
  }
  const res = Papa.parse<Record<string, string>>(body, { header: true, skipEmptyLines: "greedy" });
  for (const e of res.errors.slice(0, 50)) problems.push({ row: (e.row ?? 0) + 1, message: `CSV: ${e.message}` });
  if (!res.meta.fields?.includes("instance_id"))
    problems.push({ message: "the CSV has no instance_id column", expected: "a header row naming instance_id" });
  return { format: "csv", rows: res.data.map((row, i) => ({ row, n: i + 1 })), problems };
}

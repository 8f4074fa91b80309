import type { Problem } from "@/lib/errors";
import { fieldPath, indexPath, keyPath } from "./json-path";
import { parseJsonWithPosition, topLevelKeys } from "./json-text";

export type PredictionFormat = "official" | "label" | "rows" | "jsonl";

export interface PredictionEntry {
  id: string;
  value: unknown;
  line?: number;
  row?: number;
  /** JSONPath of the entry in the file, or in its line for JSONL ("$"): see lib/errors.ts Problem.path */
  path?: string;
  /** JSONPath of where its instance id is written: the key (`$["id"]`) or the row's `instance_id` */
  idPath?: string;
}

export interface ParsedPredictionFile {
  format: PredictionFormat | "unknown";
  entries: PredictionEntry[];
  problems: Problem[];
}

function looksLikeJsonl(text: string, fileName?: string): boolean {
  if (fileName && /\.(jsonl|ndjson)$/i.test(fileName)) return true;
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  return lines.length > 1 && lines.slice(0, 3).every((l) => l.trim().startsWith("{") && l.trim().endsWith("}"));
}

/** One row of the array/JSONL shapes: an object with a non-empty instance_id. */
export function rowEntry(
  v: unknown,
  where: { line?: number; row?: number; path?: string },
  problems: Problem[],
): PredictionEntry | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v)) {
    problems.push({ ...where, message: "row is not an object", expected: '{ "instance_id": "…", … }' });
    return undefined;
  }
  const id = (v as Record<string, unknown>).instance_id;
  if (typeof id !== "string" || id.trim() === "") {
    problems.push({
      ...where,
      ...(where.path !== undefined ? { path: fieldPath(where.path, "instance_id") } : {}),
      field: "instance_id",
      message: `instance_id is ${JSON.stringify(id ?? null)}`,
      expected: "a non-empty string",
    });
    return undefined;
  }
  return {
    id,
    value: v,
    ...where,
    ...(where.path !== undefined ? { idPath: fieldPath(where.path, "instance_id") } : {}),
  };
}

/**
 * Splits a prediction file into per-instance entries (INTERFACE.md shapes):
 * an object keyed by instance id (official or label style), an array of rows, or JSONL rows.
 * Duplicate ids are reported by the caller, which sees every entry (duplicate object keys too).
 */
export function parsePredictionFile(text: string, fileName?: string): ParsedPredictionFile {
  const problems: Problem[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "")
    return {
      format: "unknown",
      entries: [],
      problems: [{ message: "the file is empty", expected: "JSON or JSONL predictions" }],
    };

  if (looksLikeJsonl(body, fileName)) {
    const entries: PredictionEntry[] = [];
    body.split("\n").forEach((l, i) => {
      if (l.trim() === "") return;
      const r = parseJsonWithPosition(l);
      if (!r.ok) problems.push({ line: i + 1, message: r.message.replace(/at line 1, /, "at ") });
      else {
        const e = rowEntry(r.value, { line: i + 1, path: "$" }, problems);
        if (e) entries.push(e);
      }
    });
    return { format: "jsonl", entries, problems };
  }
  const parsed = parseJsonWithPosition(body);
  if (!parsed.ok) return { format: "unknown", entries: [], problems: [{ line: parsed.line, message: parsed.message }] };

  const v = parsed.value;
  if (Array.isArray(v)) {
    const entries: PredictionEntry[] = [];
    v.forEach((row, i) => {
      const e = rowEntry(row, { row: i + 1, path: indexPath("$", i) }, problems);
      if (e) entries.push(e);
    });
    return { format: "rows", entries, problems };
  }
  if (typeof v === "object" && v !== null) {
    const obj = v as Record<string, unknown>;
    const keys = topLevelKeys(body);
    const entries = keys.map(({ key, line }) => ({
      id: key,
      value: obj[key],
      line,
      path: keyPath("$", key),
      idPath: keyPath("$", key),
    }));
    const sample = entries.find((e) => typeof e.value === "object" && e.value !== null);
    const isLabel = sample && Object.keys(sample.value as object).some((k) => k === "label" || k.endsWith("_label"));
    return { format: isLabel ? "label" : "official", entries, problems };
  }
  return {
    format: "unknown",
    entries: [],
    problems: [
      {
        message: `the file holds a JSON ${typeof v}`,
        expected: "an object keyed by instance id, an array of rows, or JSONL",
      },
    ],
  };
}

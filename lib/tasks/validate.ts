// Validation of uploaded prediction files and imported release files against a task kind: pure
// (no database), shared by the server's ingest and import paths and the CLI's offline scoring.
import { validationError, type Problem } from "@/lib/errors";
import type { PredictionEntry } from "@/lib/files/parse-prediction-file";
import { parseReleaseFile } from "@/lib/files/parse-release-file";
import { PredictionStream } from "@/lib/files/stream-predictions";
import { fieldPath, keyPath, rebasePath, segmentsPath } from "@/lib/files/json-path";
import { didYouMean } from "./shared/did-you-mean";
import type { TaskKindModule } from "./define";
import type { StoredInstance, TaskOptions } from "./types";
import { fixed } from "@/lib/format";

/** What validation needs of a task: its kind and options. */
export interface KindTask {
  kind: TaskKindModule;
  options: TaskOptions;
}

/**
 * A kind's problem placed in the file: the record's line or row, and a JSONPath down to the field
 * (a kind's own `path`, relative to the record as `$…`, is rebased; CSV records have none).
 */
function locate(p: Problem, at: { line?: number; row?: number }, base: string | undefined): Problem {
  const { path: relative, ...rest } = p;
  if (base === undefined) return { ...rest, ...at };
  return { ...rest, ...at, path: relative !== undefined ? rebasePath(base, relative) : fieldPath(base, p.field) };
}

/** Ids a release warning names before it says "and N more". */
const WARNING_IDS = 5;

/**
 * A release file's row warnings, one line per (field, message): how many rows of the file, and the
 * first few of them by id — "failure_type: no failure type … — 3 of 10 rows: a, b, c".
 */
export function summarizeRowWarnings(rows: { instanceId: string; field: string; message: string }[], total: number) {
  const groups = new Map<string, { field: string; message: string; ids: string[] }>();
  for (const w of rows) {
    const key = `${w.field}\u0000${w.message}`;
    const g = groups.get(key) ?? { field: w.field, message: w.message, ids: [] };
    g.ids.push(w.instanceId);
    groups.set(key, g);
  }
  return [...groups.values()].map(({ field, message, ids }) => {
    const named = ids.slice(0, WARNING_IDS).join(", ");
    const more = ids.length > WARNING_IDS ? `, and ${ids.length - WARNING_IDS} more` : "";
    return `${field}: ${message} — ${ids.length} of ${total} row${total === 1 ? "" : "s"}: ${named}${more}`;
  });
}

/** Parses and validates a release file; every problem is collected, and every row's warnings summarized. */
export function validateReleaseFile(
  task: KindTask,
  text: string,
  fileName?: string,
): { format: string; instances: StoredInstance[]; warnings: string[] } {
  const parsed = parseReleaseFile(text, fileName);
  const problems: Problem[] = [...parsed.problems];
  const instances: StoredInstance[] = [];
  const rowWarnings: { instanceId: string; field: string; message: string }[] = [];
  const seen = new Set<string>();
  for (const { row, n, line, path } of parsed.rows) {
    // a JSONL record is named by its line (and a path within it), the others by their record number
    const at = line !== undefined ? { line } : { row: n };
    const r = task.kind.parseReleaseRow(row, task.options);
    if (!r.ok) {
      problems.push(...r.problems.map((p) => locate(p, at, path)));
      continue;
    }
    if (seen.has(r.value.externalId)) {
      const dup = { instanceId: r.value.externalId, field: "instance_id", message: "duplicate instance id" };
      problems.push(locate(dup, at, path));
      continue;
    }
    seen.add(r.value.externalId);
    instances.push(r.value);
    for (const w of r.warnings ?? []) rowWarnings.push({ instanceId: r.value.externalId, ...w });
  }
  if (!problems.length && !instances.length) problems.push({ message: "the file holds no instances" });
  if (problems.length)
    throw validationError(`the release file has ${problems.length} problem(s)`, problems, { format: parsed.format });
  return { format: parsed.format, instances, warnings: summarizeRowWarnings(rowWarnings, instances.length) };
}

/** Problems kept in memory (the report lists MAX_LISTED_PROBLEMS of them and counts the rest). */
const MAX_KEPT_PROBLEMS = 1000;
/** Unknown instance ids tolerated before a file stops being read (a typo is listed; a flood is cut). */
export const MAX_UNKNOWN_IDS = 20;
const MAX_DEPTH = 64;
/** MAX_PREDICTION_BYTES's default (lib/env.ts): 1 MB of JSON per instance. */
export const DEFAULT_MAX_PREDICTION_BYTES = 1024 * 1024;

const formatKb = (n: number) => (n >= 1024 * 1024 ? `${fixed(n / 1024 / 1024, 1)} MB` : `${Math.ceil(n / 1024)} KB`);

function depthOf(v: unknown, d = 0): number {
  if (d > MAX_DEPTH || typeof v !== "object" || v === null) return d;
  let max = d;
  for (const x of Array.isArray(v) ? v : Object.values(v)) {
    max = Math.max(max, depthOf(x, d + 1));
    if (max > MAX_DEPTH) break;
  }
  return max;
}

/** The keys and indices down to the first number that is not finite (1e309 parses as Infinity), or null. */
function nonFinitePath(v: unknown, path: (string | number)[] = [], d = 0): (string | number)[] | null {
  if (typeof v === "number") return Number.isFinite(v) ? null : path;
  if (d > MAX_DEPTH || typeof v !== "object" || v === null) return null;
  for (const [k, x] of Array.isArray(v) ? v.entries() : Object.entries(v)) {
    const p = nonFinitePath(x, [...path, k], d + 1);
    if (p !== null) return p;
  }
  return null;
}

// An escaped NUL or a lone surrogate survives JSON.stringify as \u0000 / \udXXX (an odd number of
// backslashes before it); PostgreSQL's jsonb cannot store either.
const UNSTORABLE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/** How a PredictionValidator speaks about the release. */
export interface ValidatorOptions {
  /**
   * Suggest the closest known instance id for an unknown one ("did you mean …?"). Only for a
   * public release: the instance ids of a hidden release never leave the server. Default false.
   */
  suggestIds?: boolean;
}

/** Where an entry is, for the problems that are about it as a whole (its JSONPath: see Problem.path). */
const whereOf = (e: PredictionEntry): Omit<Problem, "message"> => ({
  instanceId: e.id,
  line: e.line,
  row: e.row,
  ...(e.path !== undefined ? { path: e.path } : {}),
});

/** The path of a key of the stored prediction, when the entry holds it under the same name. */
function storedFieldPath(e: PredictionEntry, field: string | undefined): { path?: string } {
  if (e.path === undefined) return {};
  const has = field !== undefined && typeof e.value === "object" && e.value !== null && field in e.value;
  return { path: has ? keyPath(e.path, field) : e.path };
}

/**
 * Checks each entry of a prediction file as it arrives: duplicate and unknown ids, the task
 * kind's schema, values the database cannot store. Keeps, per valid prediction, only what the
 * scorer reads (the kind's storage-only fields, such as traces, are written and then dropped).
 */
export class PredictionValidator {
  readonly problems: Problem[] = [];
  problemCount = 0;
  rows = 0;
  readonly predictions = new Map<string, Record<string, unknown>>();
  readonly warnings: string[] = [];
  private readonly seen = new Set<string>();
  private readonly byId: Map<string, StoredInstance>;
  private readonly heavy: string[];
  private unknown = 0;
  /** why the rest of the file is not read (a flood of unknown ids, more entries than instances, too many problems) */
  stopped: string | null = null;

  constructor(
    private readonly task: KindTask,
    instances: StoredInstance[],
    /** the largest stored prediction of one instance, bytes of JSON (traces included) */
    private readonly maxBytes = DEFAULT_MAX_PREDICTION_BYTES,
    private readonly options: ValidatorOptions = {},
  ) {
    this.byId = new Map(instances.map((i) => [i.externalId, i]));
    this.heavy = task.kind.storageOnlyFields ?? [];
  }

  problem(p: Problem) {
    this.problemCount++;
    if (this.problems.length < MAX_KEPT_PROBLEMS) this.problems.push(p);
  }

  private stop(reason: string, where: Omit<Problem, "message">) {
    if (this.stopped) return;
    this.stopped = reason;
    // counted as one more problem, listed first among the rest (the file is not read further)
    this.problem({ ...where, message: reason });
  }

  /** The stored JSON of a valid entry, or null (its problems are recorded). Stops at a flood (see `stopped`). */
  accept(e: PredictionEntry): string | null {
    if (this.stopped) return null;
    this.rows++;
    const instance = this.admit(e);
    if (!instance) return null;
    const value = this.parse(e, instance);
    if (!value) return null;
    const json = this.storable(e, value);
    if (json === null) return null;
    const kept: Record<string, unknown> = { ...value };
    for (const k of this.heavy) delete kept[k];
    this.predictions.set(e.id, kept);
    if (this.task.kind.warnPrediction && this.warnings.length <= 100)
      this.warnings.push(...this.task.kind.warnPrediction(instance, value, this.task.options));
    return json;
  }

  /** The entry's instance, or undefined: past a bound, a duplicate or an unknown id (recorded). */
  private admit(e: PredictionEntry): StoredInstance | undefined {
    const at = { line: e.line, row: e.row, ...(e.path !== undefined ? { path: e.path } : {}) };
    // cheap bounds first: a file can never hold more entries than the release has instances (plus
    // the few unknown ids listed as typos), nor be worth reading past a thousand problems
    if (this.rows > this.byId.size + MAX_UNKNOWN_IDS) {
      this.stop(`stopped reading: the file has more entries than the release has instances (${this.byId.size})`, {
        ...at,
        expected: `at most one entry per instance, ${this.byId.size} in all`,
      });
      return undefined;
    }
    if (this.problemCount >= MAX_KEPT_PROBLEMS) {
      this.stop(`stopped reading after ${MAX_KEPT_PROBLEMS} problems`, at);
      return undefined;
    }
    const where = { ...whereOf(e), field: "instance_id", ...(e.idPath !== undefined ? { path: e.idPath } : {}) };
    if (this.seen.has(e.id)) {
      this.problem({ ...where, message: "duplicate instance id", expected: "each instance once" });
      return undefined;
    }
    this.seen.add(e.id);
    const instance = this.byId.get(e.id);
    if (instance) return instance;
    this.unknown++;
    if (this.unknown > MAX_UNKNOWN_IDS) {
      this.stop(
        `stopped reading at unknown instance id number ${MAX_UNKNOWN_IDS + 1}: is this file for another task or release?`,
        { ...where, expected: "instance ids of the current release (its page lists them)" },
      );
      return undefined;
    }
    // a public release's ids may be suggested; a hidden one's never leave the server
    const hint = this.options.suggestIds ? didYouMean(e.id, this.byId.keys()) : "";
    this.problem({
      ...where,
      message: hint ? `unknown instance id ${JSON.stringify(e.id)}${hint}` : "unknown instance id: not in the release",
      expected: "an instance id of the current release",
    });
    return undefined;
  }

  /** The kind's stored form of the entry, or null (its problems recorded, placed in the file). */
  private parse(e: PredictionEntry, instance: StoredInstance): Record<string, unknown> | null {
    const where = whereOf(e);
    if (e.value === null) {
      this.problem({
        ...where,
        message: "the prediction is null",
        expected: "an object with the task's fields (see the task's page)",
      });
      return null;
    }
    const big = nonFinitePath(e.value);
    if (big !== null) {
      this.problem({
        ...where,
        field: big.join(".") || undefined,
        ...(e.path !== undefined ? { path: segmentsPath(e.path, big) } : {}),
        message: "a number is out of range (it overflows a 64-bit float, e.g. 1e309)",
        expected: "a finite number, at most ±1.7976931348623157e308",
      });
      return null;
    }
    const r = this.task.kind.parsePrediction(e.id, e.value, this.task.options, instance);
    if (!r.ok) {
      for (const p of r.problems) this.problem(locate(p, { line: e.line, row: e.row }, e.path));
      return null;
    }
    return r.value;
  }

  /** The stored JSON of a parsed prediction, or null when the database could not hold it (recorded). */
  private storable(e: PredictionEntry, value: Record<string, unknown>): string | null {
    const where = whereOf(e);
    if (depthOf(value) > MAX_DEPTH) {
      this.problem({
        ...where,
        message: `the prediction nests deeper than ${MAX_DEPTH} levels`,
        expected: `at most ${MAX_DEPTH} levels of arrays and objects`,
      });
      return null;
    }
    const json = JSON.stringify(value);
    const bytes = Buffer.byteLength(json);
    if (bytes > this.maxBytes) {
      const field = Object.entries(value).sort(
        (a, b) => JSON.stringify(b[1]).length - JSON.stringify(a[1]).length,
      )[0]?.[0];
      this.problem({
        ...where,
        field,
        ...storedFieldPath(e, field),
        message: `the prediction is ${formatKb(bytes)} (its largest field is ${field})`,
        expected: `at most ${formatKb(this.maxBytes)} per instance, traces included`,
      });
      return null;
    }
    if (UNSTORABLE.test(json)) {
      const field = Object.entries(value).find(([, v]) => UNSTORABLE.test(JSON.stringify(v)))?.[0];
      this.problem({
        ...where,
        field,
        ...storedFieldPath(e, field),
        message: "a string holds a NUL character (\\u0000) or a lone UTF-16 surrogate, which cannot be stored",
        expected: "text without NUL characters, valid Unicode",
      });
      return null;
    }
    return json;
  }
}

/** Parses and validates a whole prediction file held in memory (CLI offline scoring, tests). */
export function validatePredictionText(
  task: KindTask,
  instances: StoredInstance[],
  text: string,
  fileName?: string,
  options: ValidatorOptions = {},
) {
  const parser = new PredictionStream(fileName);
  const v = new PredictionValidator(task, instances, DEFAULT_MAX_PREDICTION_BYTES, options);
  feedParser(parser, v, Buffer.from(text, "utf8"));
  if (!v.stopped) {
    parser.end();
    for (const e of parser.drain()) v.accept(e);
  }
  return finishValidation(parser, v);
}

/** How much of a buffer the parser takes at once: a flood is cut after at most this much more. */
export const PARSE_SLICE = 64 * 1024;

/**
 * Feeds a buffer to the parser a slice at a time, validating what each slice completes, and stops
 * as soon as the validator does (the rest of the buffer is never parsed).
 */
export function feedParser(
  parser: PredictionStream,
  v: PredictionValidator,
  buf: Buffer,
  onValid?: (id: string, json: string) => void,
): void {
  for (let at = 0; at < buf.length && !v.stopped; at += PARSE_SLICE) {
    parser.write(buf.subarray(at, Math.min(buf.length, at + PARSE_SLICE)));
    for (const e of parser.drain()) {
      const json = v.accept(e);
      if (json !== null && onValid) onValid(e.id, json);
      if (v.stopped) break;
    }
  }
}

/** Problems of the whole file (parser and entries) as one 422, else what the scorer needs. */
export function finishValidation(parser: PredictionStream, v: PredictionValidator) {
  const problems = [...parser.problems, ...v.problems];
  const count = parser.problems.length + v.problemCount;
  if (!count && v.predictions.size === 0)
    problems.push({ message: "the file holds no predictions", expected: "at least one instance" });
  if (problems.length) {
    const n = Math.max(count, problems.length);
    const head = `the prediction file has ${n} problem${n === 1 ? "" : "s"}`;
    throw validationError(v.stopped ? `${head}; ${v.stopped}` : head, problems, {
      format: parser.format,
      problemCount: n,
    });
  }
  return { format: parser.format, predictions: v.predictions, rows: v.rows, warnings: v.warnings };
}

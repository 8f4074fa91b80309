import { z } from "zod";
import { didYouMean } from "../shared/did-you-mean";
import { canonicalEnum } from "../shared/enums";
import { ConfusionCountsSchema, PrCurveSchema, StoredNumber } from "../shared/schemas";
import type { Problem } from "@/lib/errors";
import { isBlank, readBoolean, readLabel, readNumber, wordCount } from "@/lib/tasks/shared/coerce";
import { parsePythonLiteral } from "@/lib/tasks/shared/parse-python-literal";
import type { Instance } from "@/lib/tasks/define";
import type { ParseResult } from "@/lib/tasks/types";
import { bounceOfLabel, labelsFor, type Side } from "./labels";

/**
 * Stored truth of a BouncerBench instance. Input: bounce = label ≥ 2 (label 0–3, the annotators'
 * notes when given). Output: bounce = the patch is incorrect; pass = passed/all tests.
 */
/** Why an output patch is incorrect, from its tests_status (the paper's §II-A2 split of the 405). */
export const FAILURE_TYPES = ["both", "fail_to_pass", "pass_to_pass"] as const;
export type FailureType = (typeof FAILURE_TYPES)[number];

export const BounceTruth = z.object({
  bounce: z.boolean(),
  label: z.number().int().min(0).max(3).optional(),
  notes: z.string().optional(),
  pass: z.number().min(0).max(1).optional(),
  /** output: which tests the patch fails (§II-A2: 107 both, 270 fail-to-pass only, 28 pass-to-pass only) */
  failure: z.enum(FAILURE_TYPES).optional(),
  /**
   * input: the SWE-bench Verified annotators' other labels (paper Table I) — test validity 0–3
   * (`false_negative`) and other major issues (`other_major_issues`). Kept with the truth: on a
   * hidden release they never leave the server.
   */
  test_validity: z.number().int().min(0).max(3).optional(),
  other_issues: z.boolean().optional(),
});
export type BounceTruth = z.infer<typeof BounceTruth>;

/** Public metadata: the issue text and its length in words (input), the patch and its length (output). */
export const BounceMetadata = z.object({
  problem_statement: z.string().optional(),
  words: z.number().int().nonnegative().optional(),
  patch: z.string().optional(),
  chars: z.number().int().nonnegative().optional(),
  difficulty: z.string().optional(),
  /** which agent's patches (the paper's Table IV: SWE-agent, Amazon Q, OpenHands, a random sample) */
  patch_set: z.string().optional(),
  /** the ticket a Lite instance is about when its id carries a patch set's prefix (set/owner__name-123) */
  ticket: z.string().optional(),
});
export type BounceMetadata = z.infer<typeof BounceMetadata>;

/** Stored prediction (both sides). */
export const StoredPrediction = z.object({
  bounce: z.boolean(),
  label: z.string().optional(),
  score: z.number().min(0).max(1).optional(),
  trace: z.unknown().optional(),
  /** the structured output's `reasoning` (BouncerBench §III-B), kept as it was given */
  reasoning: z.string().optional(),
});
export type StoredPrediction = z.infer<typeof StoredPrediction>;

/** What a bouncer's score stores for its charts and tables. */
export const BounceDetails = z.object({
  counts: ConfusionCountsSchema,
  n: z.number().int(),
  /** 4×4 agreement of human label (rows) and predicted label (columns), input side with labels */
  labelTable: z.array(z.array(z.number().int())).optional(),
  /** when every prediction has a score */
  prCurve: PrCurveSchema.optional(),
  perClass: z.array(
    z.object({
      cls: z.string(),
      precision: StoredNumber,
      recall: StoredNumber,
      f1: StoredNumber,
      support: z.number().int(),
    }),
  ),
});
export type BounceDetails = z.infer<typeof BounceDetails>;

const bounceField = (side: Side) => (side === "input" ? "input_bounce" : "output_bounce");

/**
 * One prediction of a BouncerBench file (INTERFACE.md shapes 1–3, already split by id):
 * `{ input_bounce | output_bounce: bool, label?, score?, trace?, explanation?, reasoning? }`.
 */
export function parseBouncePrediction(id: string, value: unknown, side: Side): ParseResult<StoredPrediction> {
  const problems: Problem[] = [];
  const at = (field: string, message: string, expected?: string) =>
    problems.push({ instanceId: id, field, message, expected });
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    at(
      "",
      `prediction is ${Array.isArray(value) ? "an array" : typeof value === "object" ? "null" : typeof value}`,
      "an object",
    );
    return { ok: false, problems };
  }
  const v = value as Record<string, unknown>;
  const bf = bounceField(side);
  const labels = labelsFor(side);
  let bounce: boolean | undefined;
  if (v[bf] !== undefined) {
    if (typeof v[bf] !== "boolean") at(bf, `is ${JSON.stringify(v[bf])}`, "true or false");
    else bounce = v[bf] as boolean;
  }
  let label: string | undefined;
  const labelField = v.label !== undefined ? "label" : v[`${side}_label`] !== undefined ? `${side}_label` : undefined;
  if (labelField) {
    // labels match whatever their case and separators ("vague", "Reasonably specified")
    const l = canonicalEnum(v[labelField], labels as readonly string[]);
    if (l === undefined)
      at(
        labelField,
        `unknown label ${JSON.stringify(v[labelField])}${didYouMean(v[labelField], labels)}`,
        `one of ${labels.join(", ")} (any case)`,
      );
    else label = l;
  }
  if (label !== undefined && bounce !== undefined && bounceOfLabel(side, label) !== bounce) {
    at(bf, `${bf} is ${bounce} but label ${label} means ${!bounce}`, "a bounce that agrees with the label");
  }
  if (bounce === undefined && label === undefined && !problems.length) {
    at(bf, `missing ${bf} (and no label)`, `${bf}: true/false, or a label`);
  }
  let score: number | undefined;
  if (v.score !== undefined && v.score !== null) {
    if (typeof v.score !== "number" || !Number.isFinite(v.score) || v.score < 0 || v.score > 1) {
      at("score", `is ${JSON.stringify(v.score)}`, "a number in [0, 1]");
    } else score = v.score;
  }
  if (problems.length) return { ok: false, problems };
  const out: StoredPrediction = { bounce: bounce ?? bounceOfLabel(side, label as string) };
  if (label !== undefined) out.label = label;
  if (score !== undefined) out.score = score;
  const trace = v.trace ?? v.explanation;
  if (trace !== undefined) out.trace = trace;
  // the paper's structured output (§III-B) reasons before it labels: kept, never scored
  if (typeof v.reasoning === "string" && v.reasoning.length) out.reasoning = v.reasoning;
  return { ok: true, value: out };
}

/** Pass fraction and correctness from a tests_status dict (JSON or Python literal). */
export function readTestsStatus(raw: unknown): { pass: number; incorrect: boolean; failure?: FailureType } | string {
  let v = raw;
  if (typeof raw === "string") {
    try {
      v = parsePythonLiteral(raw);
    } catch (e) {
      return `tests_status is not a dict literal: ${(e as Error).message}`;
    }
  }
  if (typeof v !== "object" || v === null) return "tests_status is not an object";
  let passed = 0;
  let failed = 0;
  const failing: Record<string, boolean> = {};
  for (const key of ["FAIL_TO_PASS", "PASS_TO_PASS"]) {
    const g = (v as Record<string, unknown>)[key];
    if (g === undefined) continue;
    if (typeof g !== "object" || g === null) return `tests_status.${key} is not an object`;
    const s = (g as Record<string, unknown>).success ?? [];
    const f = (g as Record<string, unknown>).failure ?? [];
    if (!Array.isArray(s) || !Array.isArray(f)) return `tests_status.${key}.success/failure must be lists`;
    passed += s.length;
    failed += f.length;
    failing[key] = f.length > 0;
  }
  const all = passed + failed;
  const failure: FailureType | undefined =
    failing.FAIL_TO_PASS && failing.PASS_TO_PASS
      ? "both"
      : failing.FAIL_TO_PASS
        ? "fail_to_pass"
        : failing.PASS_TO_PASS
          ? "pass_to_pass"
          : undefined;
  return { pass: all === 0 ? 0 : passed / all, incorrect: failed > 0 || all === 0, ...(failure ? { failure } : {}) };
}

/** One row of a BouncerBench release file (CSV, JSON or JSONL). */
/**
 * Table I's other two blocks when the row has them (optional: a row without them, or with a value
 * out of range, imports all the same — they only feed the release's distributions).
 */
function tableOneLabels(row: Record<string, unknown>): Pick<BounceTruth, "test_validity" | "other_issues"> {
  const validity = readLabel(row.false_negative ?? row.test_validity, 3);
  const other = readLabel(row.other_major_issues ?? row.other_issues, 1);
  return {
    ...(validity !== undefined ? { test_validity: validity } : {}),
    ...(other !== undefined ? { other_issues: other === 1 } : {}),
  };
}

type At = (field: string, message: string, expected?: string) => void;

/** An issue's truth: its 0–3 label (input_quality, or the paper's underspecified) and bounce = label ≥ 2; its text's words. */
function inputTruth(row: Record<string, unknown>, metadata: BounceMetadata, at: At): BounceTruth | undefined {
  const field = !isBlank(row.input_quality) ? "input_quality" : "underspecified";
  const label = readLabel(row[field], 3);
  if (label === undefined) at(field, `is ${JSON.stringify(row[field] ?? null)}`, "an integer label 0–3");
  let bounce = label !== undefined ? label >= 2 : undefined;
  if (!isBlank(row.input_bounce)) {
    const b = readBoolean(row.input_bounce);
    if (b === undefined) at("input_bounce", `is ${JSON.stringify(row.input_bounce)}`, "true or false");
    else if (bounce !== undefined && b !== bounce)
      at("input_bounce", `is ${b} but ${field} ${label} means ${bounce}`, "input_bounce = (label ≥ 2)");
    else bounce = b;
  }
  let truth: BounceTruth | undefined;
  if (bounce !== undefined && label !== undefined) {
    truth = { bounce, label, ...tableOneLabels(row) };
    if (typeof row.underspecified_notes === "string" && row.underspecified_notes.trim())
      truth.notes = row.underspecified_notes.trim();
  }
  if (typeof row.problem_statement === "string" && row.problem_statement.trim()) {
    metadata.problem_statement = row.problem_statement;
    metadata.words = wordCount(row.problem_statement);
  }
  return truth;
}

/** A patch's truth: from its tests (tests_status, with the failure type) or its pass fraction (output_quality); its size. */
function outputTruth(row: Record<string, unknown>, metadata: BounceMetadata, at: At): BounceTruth | undefined {
  let pass: number | undefined;
  let incorrect: boolean | undefined;
  let failure: FailureType | undefined;
  if (!isBlank(row.tests_status)) {
    const r = readTestsStatus(row.tests_status);
    if (typeof r === "string")
      at("tests_status", r, "a dict with FAIL_TO_PASS / PASS_TO_PASS success and failure lists");
    else ({ pass, incorrect, failure } = r);
  } else if (!isBlank(row.output_quality)) {
    const q = readNumber(row.output_quality);
    if (q === undefined || q < 0 || q > 1)
      at("output_quality", `is ${JSON.stringify(row.output_quality)}`, "a number in [0, 1]");
    else {
      pass = q;
      incorrect = q < 1;
    }
  } else at("tests_status", "missing tests_status and output_quality", "one of them");
  if (!isBlank(row.output_bounce)) {
    const b = readBoolean(row.output_bounce);
    if (b === undefined) at("output_bounce", `is ${JSON.stringify(row.output_bounce)}`, "true or false");
    else incorrect = b;
  }
  let truth: BounceTruth | undefined;
  if (pass !== undefined && incorrect !== undefined)
    truth = { bounce: incorrect, pass, ...(failure && incorrect ? { failure } : {}) };
  if (typeof row.patch === "string") {
    metadata.patch = row.patch;
    metadata.chars = row.patch.length;
  }
  return truth;
}

export function parseBounceReleaseRow(
  row: Record<string, unknown>,
  side: Side,
): ParseResult<Instance<BounceTruth, BounceMetadata>> {
  const problems: Problem[] = [];
  const id = typeof row.instance_id === "string" ? row.instance_id.trim() : "";
  if (!id)
    return {
      ok: false,
      problems: [{ field: "instance_id", message: "missing instance_id", expected: "a non-empty string" }],
    };
  const at = (field: string, message: string, expected?: string) =>
    problems.push({ instanceId: id, field, message, expected });
  const metadata: BounceMetadata = {};
  const truth = side === "input" ? inputTruth(row, metadata, at) : outputTruth(row, metadata, at);
  const difficulty = row.difficulty;
  if (typeof difficulty === "string" && difficulty.trim()) metadata.difficulty = difficulty.trim();
  if (side === "output" && !isBlank(row.patch_set)) {
    if (typeof row.patch_set !== "string" || row.patch_set.trim().length > 80)
      at(
        "patch_set",
        `is ${JSON.stringify(row.patch_set).slice(0, 60)}`,
        "the name of the agent whose patch it is (≤ 80 characters)",
      );
    else metadata.patch_set = row.patch_set.trim();
  }
  if (!truth && !problems.length)
    at("instance_id", "has no truth", side === "input" ? "input_quality" : "tests_status or output_quality");
  if (problems.length || !truth) return { ok: false, problems };
  return { ok: true, value: { externalId: id, truth, metadata } };
}

/** A BouncerBench task's options: which side it bounces (issue texts, or patches). */
export const BounceOptions = z.object({ side: z.enum(["input", "output"]).default("input") });
export type BounceOptions = z.infer<typeof BounceOptions>;

const parsedOptions = new WeakMap<object, BounceOptions>();
/** The side of a task's options (parsed once per options object). */
export function sideOf(options: Readonly<Record<string, unknown>>): Side {
  let o = parsedOptions.get(options);
  if (!o) parsedOptions.set(options, (o = BounceOptions.parse(options)));
  return o.side;
}

// What failed in a CI-Bench artifact's failing job, for the failure-type breakdown (issue 33).
//
// BugSwarm's `classification` object ({ build, code, test: "Yes" | "No" | "Partial", exceptions,
// dependency? }) is NOT read: its build/code/test flags say which kinds of files the developer's
// FIX changed, not what failed (a test that failed because of a code bug is classified "code"),
// and its `exceptions` are the exception names found in the failed log, which a failing test and
// a crashing build plugin both produce. What failed is said by the failed job itself: BugSwarm's
// log analyser records the tests that failed (`failed_job.failed_tests`, '#'-separated, and
// `failed_job.num_tests_failed`). Tests failed → "test"; the log analyser found no failing test →
// "build" (the job failed compiling, resolving dependencies or in a check outside the tests).

/** A failure type: a release's own word, or one derived from the failed job. */
export type FailureType = string;

/** Where an artifact's failure type came from, or why it has none. */
export type FailureTypeReading =
  { value: FailureType; source: "failure_type" | "failed_job" } | { value: null; unreadable: string[] };

/** The failure types derived from BugSwarm's failed job. */
export const DERIVED_FAILURE_TYPES = {
  test: "test",
  build: "build",
} as const;

/** The longest failure type kept as given (a longer text is a description, not a category). */
const MAX_TEXT = 80;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim());

/** A JSON object given as an object or as its text (a CSV column); undefined: not one. */
function objectOf(v: unknown): Record<string, unknown> | undefined {
  if (isRecord(v)) return v;
  if (typeof v !== "string") return undefined;
  try {
    const o: unknown = JSON.parse(v);
    return isRecord(o) ? o : undefined;
  } catch {
    return undefined;
  }
}

/** A count of failed tests: a non-negative integer, or its text. undefined: absent or unreadable. */
function countOf(v: unknown): number | undefined {
  const n = typeof v === "string" && v.trim() ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** The names of failed tests: BugSwarm's '#'-separated text, or a list. undefined: absent or unreadable. */
function namesOf(v: unknown): string[] | undefined {
  if (typeof v === "string") return v.split("#").filter((s) => s.trim());
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v.filter((s) => s.trim());
  return undefined;
}

/**
 * The failed job's verdict: "test" when it names failed tests or counts some, "build" when it
 * says none failed, null when it says neither (no failed job, or neither field readable).
 */
function fromFailedJob(job: Record<string, unknown>): FailureType | null {
  const names = namesOf(job.failed_tests);
  const count = countOf(job.num_tests_failed);
  if ((names && names.length > 0) || (count !== undefined && count > 0)) return DERIVED_FAILURE_TYPES.test;
  if (names !== undefined || count !== undefined) return DERIVED_FAILURE_TYPES.build;
  return null;
}

/**
 * An artifact's failure type from its release row, in this order:
 * 1. `failure_type`, a short text: the release's own word, kept as given;
 * 2. BugSwarm's failed job — `failed_job: { failed_tests, num_tests_failed }`, or the two fields
 *    at the top of the row (a flattened export): "test" when tests failed, else "build";
 * 3. none. Never a problem: a value that cannot be read is named in `unreadable` and skipped.
 *
 * @example readFailureType({ failed_job: { failed_tests: "FooTest#testBar", num_tests_failed: 1 } })
 *   // → { value: "test", source: "failed_job" }
 * @example readFailureType({ classification: { build: "No", code: "Yes", test: "No" } })
 *   // → { value: null, unreadable: [] }  (classification describes the fix, not the failure)
 */
export function readFailureType(row: Record<string, unknown>): FailureTypeReading {
  const unreadable: string[] = [];
  const given = row.failure_type;
  if (!blank(given)) {
    if (typeof given === "string" && given.trim().length <= MAX_TEXT)
      return { value: given.trim(), source: "failure_type" };
    unreadable.push("failure_type");
  }
  const rawJob = row.failed_job;
  let job: Record<string, unknown> | undefined;
  if (!blank(rawJob)) {
    job = objectOf(rawJob);
    if (!job) unreadable.push("failed_job");
  }
  const flat = { failed_tests: row.failed_tests, num_tests_failed: row.num_tests_failed };
  for (const source of [job, flat]) {
    if (!source) continue;
    const v = fromFailedJob(source);
    if (v !== null) return { value: v, source: "failed_job" };
    // present but unreadable (a count of -1, a list of numbers)
    const prefix = source === job ? "failed_job." : "";
    for (const k of ["failed_tests", "num_tests_failed"] as const)
      if (!blank(source[k])) unreadable.push(`${prefix}${k}`);
  }
  return { value: null, unreadable };
}

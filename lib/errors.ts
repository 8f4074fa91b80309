/** One error type with stable codes; lib/server/http/error-response.ts maps it to HTTP. */
export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "validation_failed"
  | "payload_too_large"
  | "rate_limited"
  | "quota_exceeded"
  | "request_timeout"
  | "busy"
  | "unavailable"
  | "internal";

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation_failed: 422,
  payload_too_large: 413,
  rate_limited: 429,
  quota_exceeded: 429,
  /** a request body that stalled or trickled */
  request_timeout: 408,
  /** the scoring pool is full: try again shortly (Retry-After) */
  busy: 503,
  /** a dependency (the database) is down: try again shortly (Retry-After) */
  unavailable: 503,
  internal: 500,
};

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** response headers that go with it (Retry-After, X-Quota-*) */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** One problem found in an uploaded or imported file. */
export interface Problem {
  /** the instance the problem is about, when known */
  instanceId?: string;
  /** the field, e.g. "input_bounce" */
  field?: string;
  /** 1-based line of the file (JSON objects and JSONL) */
  line?: number;
  /** 1-based record number (JSON arrays, CSV data rows) */
  row?: number;
  /**
   * JSONPath of the value in a JSON file, or in its line for JSONL (then with `line`):
   * `$[412].input_bounce` (the 413th element of an array file), `$["astropy__astropy-12907"].label`
   * (an object keyed by instance id; keys that are identifiers are written `$.key`),
   * `$.input_bounce` (on a JSONL line), `$["id"].comments[0].judgment` (deeper fields). Absent
   * for CSV (see `row`) and for problems of the whole file. Spelled by lib/files/json-path.ts.
   */
  path?: string;
  message: string;
  /** what was expected, e.g. "true or false" */
  expected?: string;
}

export const MAX_LISTED_PROBLEMS = 100;

/** A validation failure that lists its problems (capped) and how many there are in all. */
export function validationError(message: string, problems: Problem[], extra: Record<string, unknown> = {}): AppError {
  // the first problem in the message itself: one line says what is wrong and where
  const total = typeof extra.problemCount === "number" ? extra.problemCount : problems.length;
  const first = problems[0] ? `: ${formatProblem(problems[0])}${total > 1 ? ` (and ${total - 1} more)` : ""}` : "";
  return new AppError("validation_failed", `${message}${first}`, {
    problemCount: problems.length,
    problems: problems.slice(0, MAX_LISTED_PROBLEMS),
    truncated: problems.length > MAX_LISTED_PROBLEMS,
    ...extra,
  });
}

export function notFound(what: string): AppError {
  return new AppError("not_found", `${what} not found`);
}

/**
 * Formats a problem as one readable line (CLI, logs), e.g.
 * `instance a-1, field input_bounce, line 3, $.input_bounce: is "yes" (expected true or false)`.
 */
export function formatProblem(p: Problem): string {
  const where = [
    p.instanceId && `instance ${p.instanceId}`,
    p.field && `field ${p.field}`,
    p.line && `line ${p.line}`,
    p.row && `row ${p.row}`,
    // "$" alone (a whole JSONL line) says nothing the line does not
    p.path !== "$" && p.path,
  ]
    .filter(Boolean)
    .join(", ");
  return `${where ? where + ": " : ""}${p.message}${p.expected ? ` (expected ${p.expected})` : ""}`;
}

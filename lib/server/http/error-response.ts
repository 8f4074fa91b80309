import { ZodError } from "zod";
import { AppError, MAX_LISTED_PROBLEMS, STATUS_BY_CODE } from "@/lib/errors";
import { isConnectionError, markDatabaseDown, RETRY_AFTER_SECONDS } from "@/lib/server/db";
import { currentRequest, log } from "@/lib/server/observability";

/** Converts a zod error into our problem list. */
export function zodProblems(e: ZodError) {
  return e.issues.map((i) => ({ field: i.path.join(".") || undefined, message: i.message }));
}

/**
 * The one error mapper: AppError → its status, zod → 422, an unreachable database → 503 with
 * Retry-After, anything else → 500 with a log line.
 */
export function toErrorBody(e: unknown): {
  status: number;
  body: { error: { code: string; message: string; details?: unknown } };
  headers?: Record<string, string>;
} {
  if (e instanceof AppError) {
    return {
      status: STATUS_BY_CODE[e.code],
      body: { error: { code: e.code, message: e.message, details: e.details } },
      headers: e.headers,
    };
  }
  if (e instanceof ZodError) {
    const problems = zodProblems(e);
    return {
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join("; "),
          details: { problemCount: problems.length, problems: problems.slice(0, MAX_LISTED_PROBLEMS) },
        },
      },
    };
  }
  if (isConnectionError(e)) {
    markDatabaseDown(e);
    return {
      status: 503,
      body: {
        error: { code: "unavailable", message: `the database is unavailable; try again in ${RETRY_AFTER_SECONDS} s` },
      },
      headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
    };
  }
  // the detail goes to the log, with the request id the answer names
  const requestId = currentRequest()?.requestId;
  log.error({ err: e }, "unexpected error");
  return {
    status: 500,
    body: {
      error: {
        code: "internal",
        message: requestId ? `Internal server error (request ${requestId})` : "Internal server error",
        ...(requestId ? { details: { requestId } } : {}),
      },
    },
  };
}

export function errorResponse(e: unknown): Response {
  const { status, body, headers } = toErrorBody(e);
  return Response.json(body, { status, headers });
}

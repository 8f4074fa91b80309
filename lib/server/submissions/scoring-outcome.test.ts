import { describe, expect, it } from "vitest";
import { AppError, STATUS_BY_CODE } from "@/lib/errors";
import type { DispatchOutcome, DispatchTiming } from "./fifo-dispatcher";
import type { IngestResult } from "./ingest";
import type { ThreadOutcome } from "./score-thread";
import { scoringResultOf } from "./scoring-outcome";

const waited: DispatchTiming = { arrived: 3, started: null, ahead: 2, waitMs: 30_000, runMs: null };
const ran: DispatchTiming = { arrived: 3, started: 3, ahead: 2, waitMs: 10, runMs: 120_000 };

/** What scoringResultOf threw, as an AppError. */
function refusal(outcome: DispatchOutcome<ThreadOutcome>): AppError {
  try {
    scoringResultOf(outcome);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("scoringResultOf", () => {
  it.each([
    // never started: told to come back (503, Retry-After), never a 408
    [
      "queue full",
      { ok: false, refused: "queue_full", error: null, ...waited, waitMs: 0 },
      "busy",
      /scoring many files/,
    ],
    [
      "waited too long",
      { ok: false, refused: "wait_exceeded", error: null, ...waited },
      "busy",
      /waited 30 s for a scoring thread/,
    ],
    // started, and ran past its budget
    [
      "ran too long",
      { ok: false, refused: "run_timeout", error: new Error("aborted"), ...ran },
      "request_timeout",
      /longer than 120 s/,
    ],
    [
      "ran out of memory",
      {
        ok: false,
        refused: null,
        error: Object.assign(new Error("worker died"), { code: "ERR_WORKER_OUT_OF_MEMORY" }),
        ...ran,
      },
      "payload_too_large",
      /more than 768 MB/,
    ],
  ] as const)("%s → %s", (_, outcome, code, message) => {
    const e = refusal(outcome as DispatchOutcome<ThreadOutcome>);
    expect(e.code).toBe(code);
    expect(e.message).toMatch(message);
    if (code === "busy") {
      expect(STATUS_BY_CODE[e.code]).toBe(503);
      expect(e.headers).toEqual({ "retry-after": "5" });
    }
  });

  it("hands on the thread's result, its AppError with details and headers, and any other error", () => {
    const result = { id: "s1", status: "scored" } as IngestResult;
    expect(scoringResultOf({ ok: true, value: { ok: true, result }, ...ran })).toBe(result);
    const invalid: ThreadOutcome = {
      ok: false,
      status: 422,
      code: "validation_failed",
      message: "bad file",
      details: { problemCount: 1 },
      headers: { connection: "close" },
    };
    const e = refusal({ ok: true, value: invalid, ...ran });
    expect(e).toMatchObject({ code: "validation_failed", message: "bad file", details: { problemCount: 1 } });
    expect(e.headers).toEqual({ connection: "close" });
    const internal: ThreadOutcome = { ok: false, status: 500, code: "internal", message: "boom" };
    expect(() => scoringResultOf({ ok: true, value: internal, ...ran })).toThrow("scoring thread failed: boom");
    const odd = new Error("thread exited");
    expect(() => scoringResultOf({ ok: false, refused: null, error: odd, ...ran })).toThrow(odd);
  });
});

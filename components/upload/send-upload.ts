"use client";

import { MAX_TRIES, retryDelaySeconds } from "@/lib/client/retry";
import { xhrUpload, type UploadAnswer } from "./xhr-upload";

export type { UploadAnswer };

/** A wait before the upload is sent again: the server was busy (503) or had too many of the team's at once (429). */
export interface UploadWait {
  seconds: number;
  /** the try that comes next, and how many there are in all */
  next: number;
  of: number;
  message: string;
}

function errorOf(body: unknown): { code?: string; message?: string } {
  const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return {
    code: typeof e?.code === "string" ? e.code : undefined,
    message: typeof e?.message === "string" ? e.message : undefined,
  };
}

/**
 * POSTs a form with upload progress (XMLHttpRequest: fetch reports none). A 503 busy or 429 with a
 * short Retry-After is sent again after that wait, at most MAX_TRIES times in all, counting down
 * through `waiting`. Returns a function that stops a wait (the last answer is then reported).
 */
export function sendUpload(
  url: string,
  form: FormData,
  on: {
    progress: (fraction: number) => void;
    waiting: (wait: UploadWait | null) => void;
    done: (answer: UploadAnswer) => void;
  },
): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let last: UploadAnswer = { status: 0, body: null };
  const stop = () => {
    if (!timer) return;
    clearInterval(timer);
    timer = null;
    on.waiting(null);
    on.done(last);
  };
  const send = (tries: number) =>
    xhrUpload(url, form, {
      progress: on.progress,
      done: (answer, header) => {
        // no answer (a network error): reported at once, never sent again
        if (answer.status === 0) return on.done(answer);
        last = answer;
        const err = errorOf(answer.body);
        const wait = retryDelaySeconds(answer.status, header("retry-after"), err.code, tries);
        if (wait === null) return on.done(last);
        let left = wait;
        const message = err.message ?? `the server answered ${answer.status}`;
        on.waiting({ seconds: left, next: tries + 1, of: MAX_TRIES, message });
        timer = setInterval(() => {
          left -= 1;
          if (left > 0) return on.waiting({ seconds: left, next: tries + 1, of: MAX_TRIES, message });
          clearInterval(timer!);
          timer = null;
          on.waiting(null);
          // uploading again: the form stays busy (no second click sends a second copy)
          on.progress(0);
          send(tries + 1);
        }, 1000);
      },
    });
  send(1);
  return stop;
}

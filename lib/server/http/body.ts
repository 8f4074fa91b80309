// Request bodies read under limits enforced as bytes arrive (docs/security.md "Request bodies"):
// a declared Content-Length over the limit is refused before anything is read, a body that
// passes the limit is cut there, and a body that stops or trickles times out — a connection is
// never held longer than BODY_IDLE_SECONDS (15 s) waiting for one chunk, nor BODY_WINDOW_SECONDS
// (20 s) of waiting for the next MIN_BYTES_PER_WINDOW (16 KB). Time the server spends on its own
// work (backpressure) does not count.
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** Longest wait for the next chunk of a body (BODY_IDLE_SECONDS, 15 s). */
function idleMs(): number {
  return getEnv().BODY_IDLE_SECONDS * 1000;
}
/** A body must bring MIN_BYTES_PER_WINDOW in every window of waiting for it (BODY_WINDOW_SECONDS, 20 s). */
function windowMs(): number {
  return getEnv().BODY_WINDOW_SECONDS * 1000;
}
export const MIN_BYTES_PER_WINDOW = 16 * 1024;
/** Largest JSON body a route reads. */
export const MAX_JSON_BYTES = 1 << 20;

/** Tells the client the connection ends with this answer (its unread body is not read). */
export const CLOSE = { connection: "close" };

function mb(n: number): string {
  return n >= 1 << 20 ? `${Math.round(n / 1048576)} MB` : `${Math.round(n / 1024)} KB`;
}

export function tooLarge(what: string, limit: number): AppError {
  return new AppError("payload_too_large", `${what} is larger than ${mb(limit)}`, { limitBytes: limit }, CLOSE);
}

/**
 * Refuses a request whose declared Content-Length is over the limit, before reading it.
 * @throws AppError payload_too_large (413)
 */
export function checkDeclaredLength(req: Request, limit: number, what = "the request body"): void {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) throw tooLarge(what, limit);
}

function tooSlow(bytes: number, windowLimit: number, minBytes: number): AppError {
  return new AppError(
    "request_timeout",
    `the request body is arriving too slowly: ${bytes} bytes in ${Math.round(windowLimit / 1000)} s (at least ${mb(minBytes)} per ${windowLimit / 1000} s)`,
    { bytes, seconds: Math.round(windowLimit / 1000) },
    CLOSE,
  );
}

export interface GuardOptions {
  maxBytes: number;
  what?: string;
  idleMs?: number;
  windowMs?: number;
  minBytesPerWindow?: number;
}

/**
 * The body's chunks as they arrive, under the limits above. Stops reading (and cancels the
 * body) at the first violation.
 * @throws AppError payload_too_large (413), request_timeout (408)
 */
export async function* guardedBody(body: ReadableStream<Uint8Array>, opts: GuardOptions): AsyncGenerator<Uint8Array> {
  const idleLimit = opts.idleMs ?? idleMs();
  const windowLimit = opts.windowMs ?? windowMs();
  const minBytes = opts.minBytesPerWindow ?? MIN_BYTES_PER_WINDOW;
  const reader = body.getReader();
  let total = 0;
  let waited = 0;
  let windowBytes = 0;
  let done = false;
  try {
    for (;;) {
      const t0 = Date.now();
      // wait for the next chunk no longer than the idle limit, nor past the end of a window that
      // has not brought its minimum yet: either way a stalled body ends within the window
      const wait = Math.min(idleLimit, Math.max(0, windowLimit - waited));
      let timer: NodeJS.Timeout | undefined;
      const r = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                wait === idleLimit
                  ? new AppError(
                      "request_timeout",
                      `the request body stopped arriving: nothing for ${idleLimit / 1000} s`,
                      { idleSeconds: idleLimit / 1000 },
                      CLOSE,
                    )
                  : tooSlow(windowBytes, windowLimit, minBytes),
              ),
            wait,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      if (r.done) {
        done = true;
        return;
      }
      total += r.value.byteLength;
      if (total > opts.maxBytes) throw tooLarge(opts.what ?? "the request body", opts.maxBytes);
      waited += Date.now() - t0;
      windowBytes += r.value.byteLength;
      if (windowBytes >= minBytes) {
        // the minimum arrived: the next window starts now (bytes sent fast earlier buy no slack)
        waited = 0;
        windowBytes = 0;
      } else if (waited >= windowLimit) {
        // a window that ended short of its minimum fails even when its last chunk beat the timer
        throw tooSlow(windowBytes, windowLimit, minBytes);
      }
      yield r.value;
    }
  } finally {
    if (!done) reader.cancel().catch(() => undefined);
  }
}

/** Reads a whole (small) body under the limits. @throws AppError 413, 408 */
export async function readGuarded(req: Request, opts: GuardOptions): Promise<Uint8Array> {
  checkDeclaredLength(req, opts.maxBytes, opts.what);
  if (!req.body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let n = 0;
  for await (const c of guardedBody(req.body, opts)) {
    parts.push(c);
    n += c.byteLength;
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

// When a client sends an upload again by itself: the server said "busy" (503) or "too many at
// once" (429) and named a short wait (Retry-After). A quota used up for the day, a wait longer
// than MAX_WAIT_SECONDS, or any other answer is the user's to see. Shared by the web form
// (components/upload) and the CLI (scripts/cli.ts).

/** Tries in all, the first included. */
export const MAX_TRIES = 5;
/** Longer waits are not waited for: the user is told instead. */
export const MAX_WAIT_SECONDS = 60;

/**
 * Seconds to wait before sending again, or null to stop: after try number `tries` (1-based) was
 * answered with `status`, its `Retry-After` header and its error code.
 */
export function retryDelaySeconds(
  status: number,
  retryAfter: string | null,
  code: string | undefined,
  tries: number,
): number | null {
  if (status !== 503 && status !== 429) return null;
  if (code === "quota_exceeded" || tries >= MAX_TRIES) return null;
  // seconds only (an HTTP date is not what this server sends); absent: a short default
  const seconds = retryAfter === null ? 5 : /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : NaN;
  if (!Number.isFinite(seconds) || seconds > MAX_WAIT_SECONDS) return null;
  return Math.max(1, seconds);
}

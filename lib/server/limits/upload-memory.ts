import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";

// The bytes of upload bodies this web process holds in memory while it reads them and while they
// wait for a scoring thread: a file up to ASYNC_UPLOAD_BYTES is read whole before it is scored,
// a larger one holds at most the 1 MB it is about to store. Counted as bytes arrive, per team and
// in all, and refused past either budget with the connection closed:
// - one team's uploads together hold at most UPLOAD_MEMORY_TEAM_MB (64 MB): 429 with Retry-After;
// - all uploads together hold at most UPLOAD_MEMORY_MB (512 MB): 503 busy with Retry-After.
// This is a guard of this process's own memory (like its scoring queue), so it lives here, not in
// the database: what one process holds is what can make that process run out of memory.

const RETRY_AFTER = 5;
const MB = 1024 * 1024;

const held = { total: 0, byTeam: new Map<string, number>() };

/** What this process holds now (for /metrics and tests). */
export function uploadMemoryHeld(): { total: number; teams: number } {
  return { total: held.total, teams: held.byTeam.size };
}

function teamFull(limit: number): AppError {
  return new AppError(
    "rate_limited",
    `your team's uploads in progress already hold ${Math.round(limit / MB)} MB on this server: send this one again when one of them has finished (in ${RETRY_AFTER} s)`,
    { limitBytes: limit, retryAfterSeconds: RETRY_AFTER },
    { "retry-after": String(RETRY_AFTER), connection: "close" },
  );
}

function serverFull(): AppError {
  return new AppError(
    "busy",
    `the server is receiving many uploads now: send this one again in ${RETRY_AFTER} s`,
    { retryAfterSeconds: RETRY_AFTER },
    { "retry-after": String(RETRY_AFTER), connection: "close" },
  );
}

export interface MemoryHold {
  /** Sets the bytes this upload holds now. @throws AppError rate_limited (429) or busy (503) past a budget */
  set(bytes: number): void;
  /** Gives everything back (idempotent). */
  release(): void;
}

/** Starts counting one upload's bytes against its team's (`team`) and the process's budgets. */
export function holdUploadMemory(team: string): MemoryHold {
  const env = getEnv();
  const teamLimit = env.UPLOAD_MEMORY_TEAM_MB * MB;
  const totalLimit = env.UPLOAD_MEMORY_MB * MB;
  let mine = 0;
  const move = (delta: number) => {
    held.total += delta;
    const t = (held.byTeam.get(team) ?? 0) + delta;
    if (t > 0) held.byTeam.set(team, t);
    else held.byTeam.delete(team);
    mine += delta;
  };
  return {
    set(bytes) {
      const delta = bytes - mine;
      if (delta > 0) {
        if ((held.byTeam.get(team) ?? 0) + delta > teamLimit) throw teamFull(teamLimit);
        if (held.total + delta > totalLimit) throw serverFull();
      }
      move(delta);
    },
    release() {
      move(-mine);
    },
  };
}

// Leaderboard reads on a read replica (DATABASE_REPLICA_URL), guarded so that a lagging replica
// can never put an old board under a newer cache key. Boards are cached by (release,
// board_version), and rendered pages by the release signature — both read from the primary. A
// replica read runs in one REPEATABLE READ snapshot that first reads the release's board_version:
// only when the snapshot has exactly the version the cache key names (triggers move it in the
// same transaction as every change a board shows, so equal versions mean equal boards) are its
// rows used; a replica behind (or ahead), unreachable, or failing (a schema it has not replayed
// yet, during a rolling upgrade) answers null and the caller reads the primary. After a failure
// the replica rests for REST_MS, so that an outage costs one connect timeout, not one per read.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { log } from "@/lib/server/observability";
import { replicaOf, type Database } from "./client";
import { boardVersionOf } from "./replica.sql";
import { sqlOf } from "./sql";

/** How long a replica that failed is left alone. */
export const REST_MS = 30_000;

const g = globalThis as unknown as {
  __replicaState?: { resting: WeakMap<Database, number>; used: number; behind: number; failed: number };
};
const state = (g.__replicaState ??= { resting: new WeakMap(), used: 0, behind: 0, failed: 0 });

/**
 * Runs `read` on the replica of `db`'s database when the replica's snapshot has `release` at
 * exactly `boardVersion`, and returns its result; null otherwise (no replica, behind, resting,
 * failed): read the primary then. `read` gets a transaction client of that snapshot.
 */
export async function readOnReplica<T>(
  db: PrismaClient,
  release: { id: string; boardVersion: bigint },
  read: (replica: PrismaClient) => Promise<T>,
): Promise<T | null> {
  const replica = replicaOf(db);
  if (!replica) return null;
  if ((state.resting.get(replica) ?? 0) > Date.now()) return null;
  try {
    return await replica.prisma.$transaction(
      async (tx) => {
        const seen = await boardVersionOf(sqlOf(tx), release.id);
        if (seen !== String(release.boardVersion)) {
          state.behind++;
          return null;
        }
        state.used++;
        // the reader runs its statements in this transaction (its snapshot); it takes a client
        return read(tx as unknown as PrismaClient);
      },
      { isolationLevel: "RepeatableRead" },
    );
  } catch (e) {
    state.failed++;
    state.resting.set(replica, Date.now() + REST_MS);
    log.warn({ err: e }, `read replica failed: leaderboard reads go to the primary for ${REST_MS / 1000} s`);
    return null;
  }
}

/** Replica reads so far: served by it, sent to the primary because it was behind, failed (tests, metrics). */
export function replicaReadStats(): { used: number; behind: number; failed: number } {
  return { used: state.used, behind: state.behind, failed: state.failed };
}

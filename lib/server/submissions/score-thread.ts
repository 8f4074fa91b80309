// The code a scoring thread runs (lib/server/submissions/scoring-pool.ts): one upload held in memory is
// parsed, validated, scored and stored here, off the event loop that answers readers. The thread
// has its own small connection pool to the same database; a thread that runs out of time or
// memory is terminated by the pool, which closes its connections (PostgreSQL rolls the upload's
// transaction back: nothing half-written stays).
import { openDatabase, setDatabase, type Database } from "@/lib/server/db";
import { AppError } from "@/lib/errors";
import { ingestPredictions, type IngestInput, type IngestResult } from "./ingest";
import { toErrorBody } from "@/lib/server/http";
import { log } from "@/lib/server/observability";

export interface ThreadTask {
  databaseUrl: string;
  /** module URLs to import once per thread before scoring (extra task kinds: test fixtures, plugins) */
  plugins: string[];
  input: Omit<IngestInput, "source" | "meta"> & { meta: Awaited<IngestInput["meta"]> };
  /** the file's bytes (transferred, not copied) */
  bytes: ArrayBuffer;
}

export type ThreadOutcome =
  | { ok: true; result: IngestResult }
  | { ok: false; status: number; code: string; message: string; details?: unknown; headers?: Record<string, string> };

let current: { url: string; db: Database } | null = null;
const loaded = new Set<string>();

async function switchDatabase(url: string): Promise<void> {
  if (current?.url === url) return;
  const old = current;
  current = { url, db: await openDatabase({ url, poolSize: 2 }) };
  setDatabase(current.db);
  await old?.db.close().catch(() => undefined);
}

async function* single(buf: Buffer): AsyncIterable<Uint8Array> {
  yield buf;
}

export default async function scoreUpload(task: ThreadTask): Promise<ThreadOutcome> {
  try {
    for (const p of task.plugins) {
      if (loaded.has(p)) continue;
      await import(/* webpackIgnore: true */ p);
      loaded.add(p);
    }
    await switchDatabase(task.databaseUrl);
    const result = await ingestPredictions({ ...task.input, source: single(Buffer.from(task.bytes)) });
    return { ok: true, result };
  } catch (e) {
    // errors cross the thread boundary as data: an AppError's code, details and headers survive
    const { status, body, headers } = toErrorBody(e);
    if (status >= 500 && !(e instanceof AppError)) log.error({ err: e, component: "scoring-thread" }, "scoring failed");
    return {
      ok: false,
      status,
      code: body.error.code,
      message: body.error.message,
      details: body.error.details,
      headers,
    };
  }
}

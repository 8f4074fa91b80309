// The code a scoring thread runs (lib/server/submissions/scoring-pool.ts): one upload held in memory is
// parsed, validated, scored and stored here, off the event loop that answers readers. The thread
// has its own small connection pool to the same database; a thread that runs out of time or
// memory is terminated by the pool, which closes its connections (PostgreSQL rolls the upload's
// transaction back: nothing half-written stays). A warm-up task (sent when the web process starts)
// does what the first upload would otherwise pay for: the plugins, the connection, the current
// releases' instances.
import { openDatabase, setDatabase, type Database } from "@/lib/server/db";
import { AppError } from "@/lib/errors";
import { ingestPredictions, type IngestInput, type IngestResult } from "./ingest";
import { toErrorBody } from "@/lib/server/http";
import { log } from "@/lib/server/observability";
import { getReleaseInstances } from "@/lib/server/cache";
import { currentRelease } from "@/lib/server/tasks";

export interface ThreadTask {
  databaseUrl: string;
  /** module URLs to import once per thread before scoring (extra task kinds: test fixtures, plugins) */
  plugins: string[];
  input: Omit<IngestInput, "source" | "meta"> & { meta: Awaited<IngestInput["meta"]> };
  /** the file's bytes (transferred, not copied) */
  bytes: ArrayBuffer;
}

/** Readies a thread: its plugins, its connection, the current releases' instances (cached). */
export interface WarmTask {
  warm: true;
  databaseUrl: string;
  plugins: string[];
}

export type ThreadOutcome =
  | { ok: true; result: IngestResult }
  | { ok: true; warmed: number }
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

async function prepare(task: { databaseUrl: string; plugins: string[] }): Promise<void> {
  for (const p of task.plugins) {
    if (loaded.has(p)) continue;
    await import(/* webpackIgnore: true */ p);
    loaded.add(p);
  }
  await switchDatabase(task.databaseUrl);
}

/** The current release's instances of every task, read into the cache an upload reads them from. */
async function warmInstances(): Promise<number> {
  const db = current!.db.prisma;
  let n = 0;
  for (const task of await db.task.findMany({ select: { id: true } })) {
    const release = await currentRelease(db, task.id);
    if (release) n += (await getReleaseInstances(db, release.id, true)).length;
  }
  return n;
}

export default async function scoreUpload(task: ThreadTask | WarmTask): Promise<ThreadOutcome> {
  try {
    await prepare(task);
    if ("warm" in task) return { ok: true, warmed: await warmInstances() };
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

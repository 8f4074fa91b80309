import path from "node:path";
import { pathToFileURL } from "node:url";
import Piscina from "piscina";
import { getDatabase } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { log, registerCollector } from "@/lib/server/observability";
import type { IngestResult } from "./ingest";
import type { ThreadOutcome, ThreadTask, WarmTask } from "./score-thread";
import { FifoDispatcher, type DispatchRefusal, type DispatchTiming } from "./fifo-dispatcher";
import { scoringResultOf } from "./scoring-outcome";

// Uploads held in memory (up to ASYNC_UPLOAD_BYTES) are parsed, validated, scored and stored in a
// pool of worker threads (piscina), never on the event loop that answers readers. They are scored
// first come, first served: our own FIFO (./fifo-dispatcher.ts) hands piscina at most
// SCORING_THREADS files at once, so piscina never queues — its queue let a task be overtaken for
// as long as new ones kept coming (issue 46). The pool is bounded: SCORING_THREADS files at once;
// SCORING_QUEUE waiting (past that: 503 with Retry-After at once) and each for at most
// SCORING_QUEUE_WAIT_SEC (then 503 with Retry-After: it never started); and per file, from its
// start on a thread, a time budget (SCORING_TIMEOUT_SEC) and a heap budget (SCORING_MEMORY_MB) —
// a thread past either is terminated, which rolls its transaction back. The threads start with
// the web process and stay (warmScoringPool): a thread started by an upload, or again after a
// minute idle, made that upload and every one behind it wait seconds for its start. Larger files
// go to the job worker (a separate process).

/** An upload waiting for a thread: its chunks are copied into one buffer only when it starts. */
type Pending = Omit<ThreadTask, "bytes"> & { chunks: Buffer[] };

interface PoolState {
  pool: Piscina;
  plugins: string[];
  dispatcher: FifoDispatcher<Pending | WarmTask, ThreadOutcome>;
}

const g = globalThis as unknown as { __scoringPool?: Promise<PoolState>; __scoringPlugins?: Record<string, string> };

/**
 * Extra modules every scoring thread imports before scoring (name → absolute path of a .ts/.js
 * module that registers task kinds): they are compiled into the same bundle. For test fixtures
 * and deployments with kinds of their own. Call before the first upload.
 */
export async function configureScoringPlugins(plugins: Record<string, string>): Promise<void> {
  g.__scoringPlugins = plugins;
  await closeScoringPool();
}

async function bundleDir(plugins: Record<string, string>): Promise<string> {
  const root = process.cwd();
  const scripts = pathToFileURL(path.join(root, "scripts", "bundle.mjs")).href;
  const { ensureBundle } = (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ scripts
  )) as typeof import("@/scripts/bundle.mjs");
  if (!Object.keys(plugins).length) return ensureBundle();
  const key = Object.keys(plugins)
    .sort()
    .join("+")
    .replace(/[^a-z0-9+_-]/gi, "_");
  return ensureBundle({ outDir: path.join(root, ".build", `server-${key}`), extra: plugins });
}

async function createPool(): Promise<PoolState> {
  const env = getEnv();
  const plugins = g.__scoringPlugins ?? {};
  const dir = await bundleDir(plugins);
  const pool = new Piscina({
    filename: pathToFileURL(path.join(dir, "score-thread.mjs")).href,
    // started at once and kept: a thread's start (its bundle, its connection) is no upload's wait
    minThreads: env.SCORING_THREADS,
    maxThreads: env.SCORING_THREADS,
    // the dispatcher hands it no more files than it has threads: one may wait for a thread that is
    // starting, or for one that has just answered and is not yet free again
    maxQueue: env.SCORING_THREADS,
    idleTimeout: 60_000,
    // the heap budget of one file (a thread scores one file at a time)
    resourceLimits: { maxOldGenerationSizeMb: env.SCORING_MEMORY_MB, maxYoungGenerationSizeMb: 64 },
  });
  // a kept thread that fails between uploads (no task to reject) is reported as the pool's
  // "error" event: unheard, it would end the web process
  pool.on("error", (err) => log.error({ err, component: "scoring-pool" }, "a scoring thread failed between uploads"));
  const dispatcher = new FifoDispatcher<Pending | WarmTask, ThreadOutcome>(
    (task, signal) => {
      if ("warm" in task) return pool.run(task, { signal });
      const { chunks, ...rest } = task;
      const bytes = joined(chunks);
      return pool.run({ ...rest, bytes } satisfies ThreadTask, { transferList: [bytes], signal });
    },
    {
      slots: env.SCORING_THREADS,
      queueLimit: env.SCORING_QUEUE,
      maxWaitMs: env.SCORING_QUEUE_WAIT_SEC * 1000,
      runTimeoutMs: env.SCORING_TIMEOUT_SEC * 1000,
    },
  );
  return {
    pool,
    dispatcher,
    plugins: Object.keys(plugins).map((k) => pathToFileURL(path.join(dir, `${k}.mjs`)).href),
  };
}

function pool(): Promise<PoolState> {
  if (!g.__scoringPool) {
    g.__scoringPool = createPool().catch((e) => {
      g.__scoringPool = undefined;
      throw e;
    });
  }
  return g.__scoringPool;
}

/** Files scoring or waiting in this process's pool now (for /metrics and the bench). */
export async function scoringPoolStats(): Promise<{ threads: number; running: number; queued: number } | null> {
  if (!g.__scoringPool) return null;
  const { pool: p, dispatcher } = await g.__scoringPool;
  const { running, waiting } = dispatcher.stats();
  return { threads: p.threads.length, running, queued: waiting };
}

/** Registers scoring_threads, from scoringPoolStats (lib/server/setup/collectors.ts calls it). */
export function registerScoringPoolCollector(): void {
  registerCollector("scoring_threads", {
    help: "Upload scoring threads of this process: threads, running and queued uploads",
    labelNames: ["state"],
    async collect() {
      const s = await scoringPoolStats();
      if (!s) return null;
      return [
        { labels: { state: "threads" }, value: s.threads },
        { labels: { state: "running" }, value: s.running },
        { labels: { state: "queued" }, value: s.queued },
      ];
    },
  });
}

/** Stops the pool's threads (tests, shutdown). */
export async function closeScoringPool(): Promise<void> {
  const p = g.__scoringPool;
  g.__scoringPool = undefined;
  const state = await p?.catch(() => undefined);
  if (!state) return;
  state.dispatcher.cancelWaiting(new Error("the scoring pool was closed"));
  await state.pool.destroy().catch(() => undefined);
}

/**
 * Starts this process's scoring threads and readies each (its plugins, its connection, the current
 * releases' instances), so that the first uploads do not wait for it. The web process calls it
 * once it has started (instrumentation.ts); it never throws: a thread that could not be readied
 * is logged, and readies itself on its first upload. Warm-ups queue like uploads (first come).
 */
export async function warmScoringPool(): Promise<void> {
  try {
    const { dispatcher, plugins } = await pool();
    const task: WarmTask = { warm: true, databaseUrl: (await getDatabase()).url, plugins };
    const t0 = performance.now();
    const outcomes = await Promise.all(Array.from({ length: getEnv().SCORING_THREADS }, () => dispatcher.submit(task)));
    const failed = outcomes.find((o) => !o.ok || !o.value.ok);
    if (failed) log.warn({ component: "scoring-pool", outcome: failed }, "a scoring thread could not be readied");
    else log.info({ component: "scoring-pool", ms: Math.round(performance.now() - t0) }, "scoring threads ready");
  } catch (err) {
    log.warn({ component: "scoring-pool", err }, "the scoring threads could not be started");
  }
}

/** What the pool can say of one upload's time in it (./upload-report.ts logs it). */
export type ScoringReport = Partial<DispatchTiming> & { refused?: DispatchRefusal | null };

/**
 * Validates, scores and (unless a dry run) stores one upload held in memory, in a scoring thread,
 * after every upload that came before it (./fifo-dispatcher.ts). `report` is filled with its
 * wait and its time in the thread, whatever the end.
 * @throws AppError busy (503, Retry-After) when SCORING_QUEUE uploads wait already or this one
 *   waited SCORING_QUEUE_WAIT_SEC; request_timeout / payload_too_large when the file goes past its
 *   time (counted from its start on the thread) or memory budget; whatever the ingest threw (422 …)
 */
export async function ingestInThread(
  input: ThreadTask["input"],
  chunks: Buffer[],
  report: ScoringReport = {},
): Promise<IngestResult> {
  const { dispatcher, plugins } = await pool();
  const databaseUrl = (await getDatabase()).url;
  const outcome = await dispatcher.submit({ databaseUrl, plugins, input, chunks });
  const { arrived, started, ahead, waitMs, runMs } = outcome;
  Object.assign(report, { arrived, started, ahead, waitMs, runMs, refused: outcome.ok ? null : outcome.refused });
  return scoringResultOf(outcome);
}

/** The file's chunks as one buffer, handed to the thread without a copy; the chunks are let go. */
function joined(chunks: Buffer[]): ArrayBuffer {
  const size = chunks.reduce((n, c) => n + c.length, 0);
  const bytes = new ArrayBuffer(size);
  const view = new Uint8Array(bytes);
  let at = 0;
  for (const c of chunks.splice(0)) {
    view.set(c, at);
    at += c.length;
  }
  return bytes;
}

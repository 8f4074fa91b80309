import path from "node:path";
import { pathToFileURL } from "node:url";
import Piscina from "piscina";
import { getDatabase } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { registerCollector } from "@/lib/server/observability";
import type { IngestInput, IngestResult } from "./ingest";
import type { ThreadOutcome, ThreadTask } from "./score-thread";

// Uploads held in memory (up to ASYNC_UPLOAD_BYTES) are parsed, validated, scored and stored in a
// pool of worker threads (piscina), never on the event loop that answers readers. The pool is
// bounded three ways: SCORING_THREADS files at once, SCORING_QUEUE waiting (past that: 503 with
// Retry-After), and per file a time budget (SCORING_TIMEOUT_SEC) and a heap budget
// (SCORING_MEMORY_MB); a thread past either is terminated, which rolls its transaction back.
// Larger files go to the job worker (a separate process).

interface PoolState {
  pool: Piscina;
  plugins: string[];
}

const g = globalThis as unknown as { __scoringPool?: Promise<PoolState>; __scoringPlugins?: Record<string, string> };

/**
 * Extra modules every scoring thread imports before scoring (name → absolute path of a .ts/.js
 * module that registers task kinds): they are compiled into the same bundle. For test fixtures
 * and deployments with kinds of their own. Call before the first upload.
 */
export async function configureScoringPlugins(plugins: Record<string, string>): Promise<void> {
  g.__scoringPlugins = plugins;
  const old = g.__scoringPool;
  g.__scoringPool = undefined;
  if (old) await (await old).pool.destroy().catch(() => undefined);
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
    minThreads: 0,
    maxThreads: env.SCORING_THREADS,
    maxQueue: env.SCORING_QUEUE,
    idleTimeout: 60_000,
    // the heap budget of one file (a thread scores one file at a time)
    resourceLimits: { maxOldGenerationSizeMb: env.SCORING_MEMORY_MB, maxYoungGenerationSizeMb: 64 },
  });
  return { pool, plugins: Object.keys(plugins).map((k) => pathToFileURL(path.join(dir, `${k}.mjs`)).href) };
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
  const { pool: p } = await g.__scoringPool;
  return {
    threads: p.threads.length,
    running: p.utilization > 0 ? Math.round(p.utilization * p.threads.length) : 0,
    queued: p.queueSize,
  };
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
  if (p) await (await p).pool.destroy().catch(() => undefined);
}

/**
 * Validates, scores and (unless a dry run) stores one upload held in memory, in a scoring thread.
 * @throws AppError busy (503) when the pool is full, request_timeout/payload_too_large when the
 *   file goes past its time or memory budget, and whatever the ingest threw (422 …) as it was
 */
export async function ingestInThread(
  input: Omit<IngestInput, "source" | "meta"> & { meta: Awaited<IngestInput["meta"]> },
  chunks: Buffer[],
): Promise<IngestResult> {
  const env = getEnv();
  const { pool: p, plugins } = await pool();
  if (p.queueSize >= env.SCORING_QUEUE) throw busy();
  // one contiguous buffer, handed to the thread without a copy
  const size = chunks.reduce((n, c) => n + c.length, 0);
  const bytes = new ArrayBuffer(size);
  const view = new Uint8Array(bytes);
  let at = 0;
  for (const c of chunks) {
    view.set(c, at);
    at += c.length;
  }
  const task: ThreadTask = { databaseUrl: (await getDatabase()).url, plugins, input, bytes };
  let out: ThreadOutcome;
  try {
    out = await p.run(task, { transferList: [bytes], signal: AbortSignal.timeout(env.SCORING_TIMEOUT_SEC * 1000) });
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.name === "AbortError" || err.name === "TimeoutError") {
      throw new AppError(
        "request_timeout",
        `validating and scoring this file took longer than ${env.SCORING_TIMEOUT_SEC} s: nothing was stored; split it, or send it again when the server is less busy`,
      );
    }
    if (err.code === "ERR_WORKER_OUT_OF_MEMORY" || /out of memory/i.test(err.message)) {
      throw new AppError(
        "payload_too_large",
        `this file needs more than ${env.SCORING_MEMORY_MB} MB of memory to validate and score: nothing was stored`,
      );
    }
    if (/queue is at limit/i.test(err.message)) throw busy();
    throw e;
  }
  if (out.ok) return out.result;
  if (out.status >= 500 && out.code === "internal") throw new Error(`scoring thread failed: ${out.message}`);
  throw new AppError(out.code as AppError["code"], out.message, out.details, out.headers);
}

function busy(): AppError {
  return new AppError(
    "busy",
    "the server is scoring many files now: send this one again in a few seconds",
    { retryAfterSeconds: 5 },
    { "retry-after": "5" },
  );
}

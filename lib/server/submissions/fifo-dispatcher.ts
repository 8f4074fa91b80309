// First come, first run: the queue in front of the scoring threads (./scoring-pool.ts). At most
// `slots` tasks are handed to the runner (piscina) at once, so the runner itself never queues and
// never reorders: piscina 5.3 sends a task its busy thread cannot take to the tail of a skip
// queue and hands new tasks out past it, so under steady arrivals one upload was overtaken until
// arrivals paused (issue 46: 100 s, then a 408 for work that never started; its `stricterFIFO`
// option starves one too). Waiting tasks start in arrival order; a task's time budget starts when
// it starts, not when it arrives; a task that waits past `maxWaitMs` is taken out and refused
// (the client is told to come back), and one that finds `queueLimit` waiting is refused at once.
// The queue is this process's own (a per-process thread pool); nothing in it must be shared.

/** Why a task did not run to its end: the queue was full, it waited too long, it ran too long. */
export type DispatchRefusal = "queue_full" | "wait_exceeded" | "run_timeout";

export interface DispatchLimits {
  /** tasks running at once (the runner's threads) */
  slots: number;
  /** tasks that may wait for a slot; the next one is refused at once (queue_full) */
  queueLimit: number;
  /** longest wait for a slot, ms: a task still waiting then is taken out (wait_exceeded) */
  maxWaitMs: number;
  /** budget of one task from its start, ms: its signal aborts then (run_timeout) */
  runTimeoutMs: number;
}

/** When a task came and went: numbers count tasks of this dispatcher from 1. */
export interface DispatchTiming {
  /** its place in arrival order */
  arrived: number;
  /** its place in start order (null: it never started) */
  started: number | null;
  /** tasks running or waiting when it arrived */
  ahead: number;
  /** ms from its arrival to its start (or to its refusal) */
  waitMs: number;
  /** ms from its start to its end (null: it never started) */
  runMs: number | null;
}

/** How a task ended: the runner's value, or its error, or a refusal (never a rejection). */
export type DispatchOutcome<R> =
  | ({ ok: true; value: R } & DispatchTiming)
  | ({ ok: false; refused: DispatchRefusal | null; error: unknown } & DispatchTiming);

/** Runs one task; must settle soon after `signal` aborts (piscina terminates the thread). */
export type DispatchRun<T, R> = (task: T, signal: AbortSignal) => Promise<R>;

interface Waiting<T, R> {
  task: T;
  arrived: number;
  ahead: number;
  at: number;
  /** the wait bound's timer (none for a task that started on arrival) */
  timer?: ReturnType<typeof setTimeout>;
  done: (outcome: DispatchOutcome<R>) => void;
}

/** A FIFO of tasks in front of a runner with `slots` threads (see the file's header). */
export class FifoDispatcher<T, R> {
  private readonly waiting: Waiting<T, R>[] = [];
  private runningNow = 0;
  private arrivals = 0;
  private starts = 0;

  constructor(
    private readonly run: DispatchRun<T, R>,
    private readonly limits: DispatchLimits,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Tasks running now and waiting now. */
  stats(): { running: number; waiting: number } {
    return { running: this.runningNow, waiting: this.waiting.length };
  }

  /** Queues `task` behind every task that came before it; resolves when it ends or is refused. */
  submit(task: T): Promise<DispatchOutcome<R>> {
    const arrived = ++this.arrivals;
    const ahead = this.runningNow + this.waiting.length;
    return new Promise((done) => {
      const at = this.now();
      if (this.runningNow < this.limits.slots && !this.waiting.length) {
        this.start({ task, arrived, ahead, at, done });
        return;
      }
      if (this.waiting.length >= this.limits.queueLimit) {
        done({ ok: false, refused: "queue_full", error: null, arrived, started: null, ahead, waitMs: 0, runMs: null });
        return;
      }
      const entry: Waiting<T, R> = { task, arrived, ahead, at, done };
      entry.timer = setTimeout(() => this.expire(entry), this.limits.maxWaitMs);
      this.waiting.push(entry);
    });
  }

  /** Refuses every waiting task with `error` (the pool is closing); running ones run on. */
  cancelWaiting(error: unknown): void {
    for (const w of this.waiting.splice(0)) {
      clearTimeout(w.timer);
      w.done({ ok: false, refused: null, error, ...this.unstarted(w) });
    }
  }

  private expire(entry: Waiting<T, R>): void {
    const i = this.waiting.indexOf(entry);
    if (i < 0) return;
    this.waiting.splice(i, 1);
    entry.done({ ok: false, refused: "wait_exceeded", error: null, ...this.unstarted(entry) });
  }

  private unstarted(w: Waiting<T, R>): DispatchTiming {
    return { arrived: w.arrived, started: null, ahead: w.ahead, waitMs: this.now() - w.at, runMs: null };
  }

  /** Starts waiting tasks, oldest first, while a slot is free (called whenever one frees). */
  private pump(): void {
    while (this.runningNow < this.limits.slots && this.waiting.length) this.start(this.waiting.shift()!);
  }

  private start(w: Waiting<T, R>): void {
    clearTimeout(w.timer);
    this.runningNow++;
    const started = ++this.starts;
    const begun = this.now();
    const timing = () => ({
      arrived: w.arrived,
      started,
      ahead: w.ahead,
      waitMs: begun - w.at,
      runMs: this.now() - begun,
    });
    // the budget counts from here: the time spent waiting is not the task's
    const abort = new AbortController();
    let timedOut = false;
    const budget = setTimeout(() => {
      timedOut = true;
      abort.abort(new Error("run_timeout"));
    }, this.limits.runTimeoutMs);
    const settle = (outcome: DispatchOutcome<R>) => {
      clearTimeout(budget);
      this.runningNow--;
      w.done(outcome);
      // at once, in the same turn: no task that arrives meanwhile can take the slot
      this.pump();
    };
    let running: Promise<R>;
    try {
      running = this.run(w.task, abort.signal);
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => settle({ ok: true, value, ...timing() }),
      (error) => settle({ ok: false, refused: timedOut ? "run_timeout" : null, error, ...timing() }),
    );
  }
}

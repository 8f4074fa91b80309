import { afterEach, describe, expect, it, vi } from "vitest";
import { FifoDispatcher, type DispatchLimits, type DispatchOutcome } from "./fifo-dispatcher";

const LIMITS: DispatchLimits = { slots: 1, queueLimit: 32, maxWaitMs: 60_000, runTimeoutMs: 60_000 };

/** A promise the test settles by hand, and whether the runner's signal aborted it. */
function deferred<R>() {
  let resolve!: (v: R) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<R>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A runner whose tasks end when the test says so (or when their signal aborts). */
function manualRunner() {
  const calls: { task: string; signal: AbortSignal; end: (v: string) => void }[] = [];
  const run = (task: string, signal: AbortSignal) => {
    const d = deferred<string>();
    signal.addEventListener("abort", () => d.reject(signal.reason));
    calls.push({ task, signal, end: d.resolve });
    return d.promise;
  };
  return { run, calls, started: () => calls.map((c) => c.task) };
}

/** Lets pending promise callbacks run (fake timers do not touch microtasks). */
const settle = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => void vi.useRealTimers());

describe("FifoDispatcher: a steady stream from several producers", () => {
  // each producer sends its next task as soon as its last one ends (as the bench's clients do),
  // and one more sends on its own clock; tasks take a pseudo-random number of event-loop turns
  for (const slots of [1, 2]) {
    it(`starts every task in arrival order, none overtaken (${slots} slot${slots > 1 ? "s" : ""})`, async () => {
      let seed = 7;
      const turns = () => (seed = (seed * 1103515245 + 12345) >>> 0) % 5;
      const started: number[] = [];
      let running = 0;
      let mostRunning = 0;
      const d = new FifoDispatcher<number, number>(
        async (n) => {
          started.push(n);
          mostRunning = Math.max(mostRunning, ++running);
          for (let i = turns(); i > 0; i--) await new Promise((r) => setImmediate(r));
          running--;
          return n;
        },
        { ...LIMITS, slots, queueLimit: 1000 },
      );
      const arrived: number[] = [];
      const outcomes: DispatchOutcome<number>[] = [];
      let mostWaiting = 0;
      let next = 0;
      const send = async () => {
        const n = next++;
        arrived.push(n);
        const p = d.submit(n);
        mostWaiting = Math.max(mostWaiting, d.stats().waiting);
        outcomes.push(await p);
      };
      // four clients that send again as soon as they are answered…
      const client = async () => {
        for (let i = 0; i < 40; i++) await send();
      };
      // …and one that sends every turn of the event loop, answered or not
      const stream = async () => {
        const sent: Promise<void>[] = [];
        for (let i = 0; i < 100; i++) {
          await new Promise((r) => setImmediate(r));
          sent.push(send());
        }
        await Promise.all(sent);
      };
      await Promise.all([client(), client(), stream(), client(), client()]);

      expect(outcomes).toHaveLength(260);
      expect(started).toEqual(arrived);
      expect(outcomes.every((o) => o.ok)).toBe(true);
      // every outcome's place in start order is its place in arrival order
      for (const o of outcomes) expect(o.started).toBe(o.arrived);
      // the stream did queue (a stream that never waited would prove nothing) and never ran past its slots
      expect(mostWaiting).toBeGreaterThan(2);
      expect(mostRunning).toBe(slots);
    });
  }
});

describe("FifoDispatcher: budgets", () => {
  it("counts a task's time budget from its start, not from its arrival", async () => {
    vi.useFakeTimers();
    const r = manualRunner();
    const d = new FifoDispatcher(r.run, { ...LIMITS, runTimeoutMs: 100 }, () => Date.now());
    const a = d.submit("a");
    const b = d.submit("b");
    await vi.advanceTimersByTimeAsync(90);
    expect(r.started()).toEqual(["a"]);
    r.calls[0].end("a done");
    await settle();
    expect(await a).toMatchObject({ ok: true, value: "a done", waitMs: 0, runMs: 90 });
    expect(r.started()).toEqual(["a", "b"]);
    // b has been here 180 ms, but has run 90: still within its 100
    await vi.advanceTimersByTimeAsync(90);
    expect(r.calls[1].signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    expect(r.calls[1].signal.aborted).toBe(true);
    expect(await b).toMatchObject({ ok: false, refused: "run_timeout", waitMs: 90, runMs: 100, started: 2 });
  });

  it("takes a task out when it waits past maxWaitMs, and never runs it", async () => {
    vi.useFakeTimers();
    const r = manualRunner();
    const d = new FifoDispatcher(r.run, { ...LIMITS, maxWaitMs: 50 }, () => Date.now());
    void d.submit("a");
    const b = d.submit("b");
    await vi.advanceTimersByTimeAsync(49);
    expect(d.stats()).toEqual({ running: 1, waiting: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await b).toMatchObject({ ok: false, refused: "wait_exceeded", waitMs: 50, started: null, runMs: null });
    expect(d.stats()).toEqual({ running: 1, waiting: 0 });
    // the next one takes the slot when it frees; b is gone
    const c = d.submit("c");
    r.calls[0].end("a done");
    await settle();
    expect(r.started()).toEqual(["a", "c"]);
    r.calls[1].end("c done");
    expect(await c).toMatchObject({ ok: true, value: "c done", arrived: 3, started: 2, ahead: 1 });
  });

  it("refuses at once when queueLimit tasks wait; with a free slot it runs even at queueLimit 0", async () => {
    const r = manualRunner();
    const d = new FifoDispatcher(r.run, { ...LIMITS, queueLimit: 2 });
    const all = ["a", "b", "c"].map((t) => d.submit(t));
    expect(await d.submit("d")).toMatchObject({ ok: false, refused: "queue_full", waitMs: 0, ahead: 3 });
    for (let i = 0; i < 3; i++) {
      await vi.waitFor(() => expect(r.calls).toHaveLength(i + 1));
      r.calls[i].end(r.calls[i].task);
    }
    expect((await Promise.all(all)).map((o) => o.ok && o.value)).toEqual(["a", "b", "c"]);

    const none = new FifoDispatcher(manualRunner().run, { ...LIMITS, queueLimit: 0 });
    void none.submit("first");
    expect(none.stats()).toEqual({ running: 1, waiting: 0 });
    expect(await none.submit("second")).toMatchObject({ ok: false, refused: "queue_full" });
  });
});

describe("FifoDispatcher: failures", () => {
  it("hands on the runner's error, thrown or rejected, and frees the slot for the next", async () => {
    let n = 0;
    const d = new FifoDispatcher<string, string>((task) => {
      n++;
      if (task === "throws") throw new Error("at once");
      if (task === "rejects") return Promise.reject(new Error("later"));
      return Promise.resolve(task);
    }, LIMITS);
    const [a, b, c] = await Promise.all([d.submit("throws"), d.submit("rejects"), d.submit("fine")]);
    expect(a).toMatchObject({ ok: false, refused: null, error: new Error("at once") });
    expect(b).toMatchObject({ ok: false, refused: null, error: new Error("later") });
    expect(c).toMatchObject({ ok: true, value: "fine", started: 3 });
    expect(n).toBe(3);
    expect(d.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("cancelWaiting refuses the waiting tasks with its error; the running one runs on", async () => {
    const r = manualRunner();
    const d = new FifoDispatcher(r.run, LIMITS);
    const a = d.submit("a");
    const b = d.submit("b");
    d.cancelWaiting(new Error("closing"));
    expect(await b).toMatchObject({ ok: false, refused: null, error: new Error("closing"), started: null });
    r.calls[0].end("a done");
    expect(await a).toMatchObject({ ok: true, value: "a done" });
    expect(r.started()).toEqual(["a"]);
  });
});

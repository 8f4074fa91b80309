"use client";
// "Verify in this browser" (issue 48): a Web Worker downloads the snapshot's files (or reads a copy
// chosen from disk), checks every SHA-256 and the host's signature, and recomputes every row with
// the same lib/metrics the server scores with. The page shows the files fetched, the rows checked,
// a ✓/✗ per row (the ✗ first) and one result line (data-testid="verify-result").
import { useCallback, useEffect, useRef, useState } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { VerifyMessage } from "@/lib/snapshots/browser-verify";
import { fixed, formatBytes } from "@/lib/format";
import { VerifyLines, type Line } from "./verify-lines";

interface State {
  running: boolean;
  fetched: { done: number; total: number; bytes: number };
  rows: { done: number; total: number };
  lines: Line[];
  result: { ok: boolean; text: string; seconds: number } | null;
}

const idle: State = {
  running: false,
  fetched: { done: 0, total: 0, bytes: 0 },
  rows: { done: 0, total: 0 },
  lines: [],
  result: null,
};

/** The next state after one message from the worker. */
function reduce(s: State, m: VerifyMessage, started: number): State {
  switch (m.type) {
    case "fetched":
      return { ...s, fetched: { done: m.done, total: m.total, bytes: s.fetched.bytes + m.bytes } };
    case "line":
      return { ...s, lines: [...s.lines, { text: m.line, kind: m.kind }] };
    case "rows":
      return { ...s, rows: { done: m.done, total: m.total } };
    case "error":
      return { ...s, lines: [...s.lines, { text: `✗ ${m.message}`, kind: "check" }] };
    case "done":
      return {
        ...s,
        running: false,
        result: { ok: m.ok, text: m.result, seconds: (performance.now() - started) / 1000 },
      };
  }
}

/**
 * The worker, started when the page is (its script loaded before any file is chosen: a copy from
 * disk is verified offline) and used for every run; its messages folded into state, a few renders
 * a second however fast they come. `ready` once the worker says it runs.
 */
function useVerifier(id: string) {
  const [state, setState] = useState<State>(idle);
  const [ready, setReady] = useState(false);
  const worker = useRef<Worker | null>(null);
  const run = useRef({
    started: 0,
    pending: [] as VerifyMessage[],
    timer: null as ReturnType<typeof setTimeout> | null,
  });
  useEffect(() => {
    const r = run.current;
    const flush = () => {
      r.timer = null;
      const batch = r.pending;
      r.pending = [];
      setState((s) => batch.reduce((acc, m) => reduce(acc, m, r.started), s));
    };
    const w = new Worker(new URL("./verify.worker.ts", import.meta.url));
    w.onmessage = (e: MessageEvent<VerifyMessage | { type: "ready" }>) => {
      if (e.data.type === "ready") return setReady(true);
      r.pending.push(e.data);
      if (e.data.type === "done") {
        if (r.timer) clearTimeout(r.timer);
        flush();
      } else r.timer ??= setTimeout(flush, 150);
    };
    w.onerror = (e) => {
      r.pending.push({ type: "done", ok: false, result: `✗ the verifier stopped: ${e.message}`, signature: "" });
      flush();
    };
    worker.current = w;
    return () => {
      if (r.timer) clearTimeout(r.timer);
      w.terminate();
    };
  }, []);
  const start = useCallback(
    (files?: File[]) => {
      run.current.started = performance.now();
      run.current.pending = [];
      setState({ ...idle, running: true });
      worker.current?.postMessage({ id, origin: window.location.origin, files });
    },
    [id],
  );
  return { state, start, ready };
}

export function BrowserVerifier({ id, files, rows }: { id: string; files: number; rows: number }) {
  // disabled until the worker runs: in the server's HTML, and without JavaScript
  const { state, start, ready } = useVerifier(id);
  const { fetched, result } = state;
  const fraction =
    state.rows.total > 0
      ? 0.3 + 0.7 * (state.rows.done / state.rows.total)
      : fetched.total > 0
        ? 0.3 * (fetched.done / fetched.total)
        : null;
  return (
    <div className="space-y-3" data-testid="browser-verifier">
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="button"
          disabled={!ready || state.running}
          onClick={() => start()}
          className="rounded bg-sky-700 px-3 py-1.5 font-medium text-white disabled:opacity-50"
          data-testid="verify-button"
        >
          Verify in this browser
        </button>
        <label className="text-sm">
          or a copy from disk (choose its files):{" "}
          <input
            type="file"
            multiple
            disabled={!ready || state.running}
            data-testid="verify-files"
            onChange={(e) => {
              const chosen = Array.from(e.currentTarget.files ?? []);
              // emptied, so that choosing the same files again (changed on disk) runs again
              e.currentTarget.value = "";
              if (chosen.length) start(chosen);
            }}
          />
        </label>
      </div>
      {state.running || result ? (
        <div className="space-y-1 text-sm">
          <ProgressBar
            fraction={result ? 1 : fraction}
            label="Verification progress"
            failed={result ? !result.ok : false}
          />
          <p className="text-muted" data-testid="verify-progress">
            Files fetched: {fetched.done} of {fetched.total || files} ({formatBytes(fetched.bytes)}) · rows checked:{" "}
            {state.rows.done} of {state.rows.total || rows}
            {result ? ` · ${fixed(result.seconds, 1)} s` : ""}
          </p>
        </div>
      ) : null}
      {result ? (
        <p
          className={`font-semibold ${result.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}`}
          data-testid="verify-result"
          role="status"
        >
          {result.text}
        </p>
      ) : null}
      <VerifyLines lines={state.lines} />
    </div>
  );
}

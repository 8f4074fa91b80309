"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { StandingSummary } from "@/components/submission/standing-summary";
import type { MetricColumn } from "@/lib/tasks/types";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useRef, useState } from "react";
import { UploadStatus } from "@/components/submission/upload-status";
import { ProblemTable } from "@/components/ui/problem-table";
import type { Problem } from "@/lib/errors";
import { ErrorBody } from "@/lib/contracts/common";
import { UploadQueued, UploadScored } from "@/lib/contracts/submissions";
import { getMetric } from "@/lib/metric-value";
import { sendUpload, type UploadAnswer, type UploadWait } from "./send-upload";
import { formatBytes, formatMetric } from "@/lib/format";
import { REASONING_EFFORTS, SYSTEM_META_KEYS } from "@/lib/validations/common";

const field = "mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";

type Result =
  | ({ kind: "ok" } & UploadScored)
  | ({ kind: "queued" } & UploadQueued)
  | { kind: "error"; status: number; message: string; problems: Problem[]; problemCount: number };

/** What the form shows of the server's answer, read through the API's own contract (lib/contracts/submissions.ts). */
function readAnswer({ status, body }: UploadAnswer): Result {
  if (status === 0)
    return {
      kind: "error",
      status: 0,
      message: "network error: the upload did not reach the server",
      problems: [],
      problemCount: 0,
    };
  const scored = status === 201 ? UploadScored.safeParse(body) : null;
  if (scored?.success) return { kind: "ok", ...scored.data };
  // a large file: kept, and scored by a worker
  const queued = status === 202 ? UploadQueued.safeParse(body) : null;
  if (queued?.success) return { kind: "queued", ...queued.data };
  const err = ErrorBody.safeParse(body).data?.error;
  return {
    kind: "error",
    status,
    message: err?.message ?? `upload failed (HTTP ${status})`,
    problems: err?.details?.problems ?? [],
    problemCount: err?.details?.problemCount ?? 0,
  };
}

/** Drag-and-drop upload of a prediction file with progress and the server's validation report. */
export function UploadForm({
  task,
  primaryMetric,
  primaryColumn,
  teams = [],
  judge = null,
}: {
  task: string;
  primaryMetric: string;
  /** the primary metric's label and format (the result names it as the board does) */
  primaryColumn: Pick<MetricColumn, "label" | "format">;
  teams?: { slug: string; name: string }[];
  /** the task's predictions carry an LLM judge's verdicts: the judge fields are required */
  judge?: { decides: string; paper: { label: string; prompt: string }[] } | null;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [drag, setDrag] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [wait, setWait] = useState<UploadWait | null>(null);
  const stopWait = useRef<(() => void) | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const router = useRouter();

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return;
    const fd = new FormData(e.currentTarget);
    fd.delete("file-picker"); // the picker itself; the chosen (or dropped) file goes as "file"
    fd.set("file", file);
    if (!fd.get("oss")) fd.set("oss", "false");
    // empty optional numbers are left out rather than sent as ""
    for (const k of ["cost_usd", "tokens", "runtime_sec", "system", "site", "logs_url", ...SYSTEM_META_KEYS])
      if (fd.get(k) === "") fd.delete(k);
    setResult(null);
    setProgress(0);
    stopWait.current = sendUpload(`/api/v1/tasks/${task}/submissions`, fd, {
      progress: setProgress,
      waiting: (w) => {
        setWait(w);
        if (w) setProgress(null);
      },
      done: (answer) => {
        stopWait.current = null;
        setProgress(null);
        const read = readAnswer(answer);
        setResult(read);
        if (read.kind !== "error") {
          // stored: the form starts again empty (one more click must not upload the same file again),
          // and the page's server parts (the quota line) are read again
          formRef.current?.reset();
          setFile(null);
          router.refresh();
        }
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} className="space-y-4" data-testid="upload-form">
      <div
        role="button"
        tabIndex={0}
        aria-label="Choose or drop a prediction file"
        onClick={() => inputRef.current?.click()}
        onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && inputRef.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDrag(true);
        }}
        onDragLeave={() => setDrag(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDrag(false);
          if (e.dataTransfer.files[0]) setFile(e.dataTransfer.files[0]);
        }}
        className={`flex h-36 cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed text-sm ${
          drag ? "border-sky-600 bg-sky-50 dark:bg-sky-950" : "border-slate-300 dark:border-slate-700"
        }`}
      >
        {file ? (
          <span>
            <strong>{file.name}</strong> · {formatBytes(file.size)} — click to change
          </span>
        ) : (
          <span>Drop a prediction file here (JSON or JSONL, up to 100 MB), or click to choose one</span>
        )}
        <input
          ref={inputRef}
          type="file"
          name="file-picker"
          accept=".json,.jsonl,.ndjson,application/json"
          className="hidden"
          data-testid="file-input"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {teams.length > 1 ? (
          <label className="block text-sm sm:col-span-2">
            Team (it is filed under this team; private ones are seen by its members)
            <select
              name="team"
              defaultValue={teams[0].slug}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
              data-testid="team-picker"
            >
              {teams.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="block text-sm">
          Model name <span className="text-rose-600">*</span>
          <input
            name="model"
            required
            maxLength={120}
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <label className="block text-sm">
          System / agent (optional)
          <input
            name="system"
            maxLength={120}
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <label className="block text-sm">
          Link (paper, code; optional)
          <input
            name="site"
            type="url"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <label className="block text-sm">
          Logs or trajectories (a link; optional)
          <input
            name="logs_url"
            type="url"
            placeholder="https://…"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <label className="block text-sm">
          Visibility
          <select
            name="visibility"
            defaultValue="public"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="public">public — on the leaderboard</option>
            <option value="private">private — only your team</option>
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="oss" value="true" /> open-source model
        </label>
        {judge ? (
          <fieldset className="grid gap-2 text-sm sm:col-span-2 sm:grid-cols-2" data-testid="judge-fields">
            <legend className="mb-1 text-xs text-muted">
              The judge (required): the model and prompt that produced {judge.decides}. The paper&apos;s setup:{" "}
              {judge.paper.map((p) => `${p.label} — prompt "${p.prompt}"`).join("; ")}.
            </legend>
            <label className="block">
              Judge model
              <input
                name="judge_model"
                required
                maxLength={80}
                className={field}
                placeholder="e.g. claude-sonnet-4.5"
              />
            </label>
            <label className="block">
              Judge prompt (name and version)
              <input
                name="judge_prompt"
                required
                maxLength={80}
                className={field}
                placeholder={`e.g. ${judge.paper[0]?.prompt ?? "my-judge-v1"}`}
              />
            </label>
          </fieldset>
        ) : null}
        <details className="text-sm sm:col-span-2" data-testid="system-fields">
          <summary className="cursor-pointer">System card (optional): agent, base model, settings, links</summary>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            <label className="block">
              Agent / tool
              <input name="agent" maxLength={80} className={field} placeholder="e.g. SWE-agent" />
            </label>
            <label className="block">
              Base model
              <input name="base_model" maxLength={80} className={field} placeholder="e.g. gpt-4o" />
            </label>
            <label className="block">
              Policy model
              <input name="policy_model" maxLength={120} className={field} />
            </label>
            <label className="block">
              Temperature
              <input name="temperature" type="number" min={0} max={2} step="any" className={field} />
            </label>
            <label className="block">
              Reasoning effort
              <select name="reasoning_effort" defaultValue="" className={field}>
                <option value="">—</option>
                {REASONING_EFFORTS.map((x) => (
                  <option key={x} value={x}>
                    {x}
                  </option>
                ))}
              </select>
            </label>
            <label className="block">
              Agentic
              <select name="agentic" defaultValue="" className={field}>
                <option value="">—</option>
                <option value="true">yes: tools and steps</option>
                <option value="false">no: one call per instance</option>
              </select>
            </label>
            <label className="block">
              Tokens in
              <input name="tokens_in" type="number" min={0} step={1} className={field} />
            </label>
            <label className="block">
              Tokens out
              <input name="tokens_out" type="number" min={0} step={1} className={field} />
            </label>
            <label className="block">
              Code (a link)
              <input name="code_url" type="url" placeholder="https://…" className={field} />
            </label>
          </div>
        </details>
        <fieldset className="grid grid-cols-3 gap-2 text-sm sm:col-span-2">
          <legend className="mb-1 text-xs text-muted">
            Optional cost of the run (shown as a column and in the cost-vs-score chart)
          </legend>
          <label className="block">
            USD
            <input
              name="cost_usd"
              type="number"
              min={0}
              step="any"
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
          <label className="block">
            tokens
            <input
              name="tokens"
              type="number"
              min={0}
              step={1}
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
          <label className="block">
            runtime (s)
            <input
              name="runtime_sec"
              type="number"
              min={0}
              step="any"
              className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
            />
          </label>
        </fieldset>
      </div>
      <button
        type="submit"
        disabled={!file || progress !== null || wait !== null}
        className="rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-50"
      >
        {progress !== null ? "Uploading…" : "Upload and score"}
      </button>
      {progress !== null ? <ProgressBar fraction={progress} label="Upload progress" /> : null}
      {progress === 1 ? <p className="text-sm text-muted">Validating and scoring on the server…</p> : null}
      {wait ? (
        <p role="status" aria-live="polite" className="text-sm" data-testid="upload-wait">
          {wait.message}. Sending again in {wait.seconds} s (try {wait.next} of {wait.of}).{" "}
          <button type="button" className="underline" onClick={() => stopWait.current?.()}>
            Stop
          </button>
        </p>
      ) : null}
      {result?.kind === "ok" ? (
        <div
          className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950"
          data-testid="upload-ok"
        >
          <p className="font-semibold">
            Scored: {primaryColumn.label} ={" "}
            {formatMetric(getMetric(result.metrics, primaryMetric), primaryColumn.format)}
          </p>
          {result.standing ? (
            <StandingSummary standing={result.standing} column={primaryColumn} boardHref={`/tasks/${task}`} />
          ) : null}
          <p>
            Validation: {result.validation.format} format, {result.validation.covered.toLocaleString("en-US")} of{" "}
            {result.validation.total.toLocaleString("en-US")} instances covered.
          </p>
          {result.validation.warnings.map((w) => (
            <p key={w} className="text-amber-800 dark:text-amber-300">
              {w}
            </p>
          ))}
          <p className="mt-2 flex gap-4">
            <Link href={`/submissions/${result.id}`}>View the submission</Link>
            <Link href={`/tasks/${task}`}>Back to the leaderboard</Link>
          </p>
        </div>
      ) : null}
      {result?.kind === "queued" ? (
        <UploadStatus id={result.id} primaryMetric={primaryMetric} primaryColumn={primaryColumn} />
      ) : null}
      {result?.kind === "error" ? (
        <div
          className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm dark:border-rose-800 dark:bg-rose-950"
          data-testid="upload-error"
          role="alert"
        >
          <p className="font-semibold">{result.message}</p>
          <ProblemTable problems={result.problems} total={result.problemCount} />
          <p className="mt-2">Nothing was stored.</p>
        </div>
      ) : null}
    </form>
  );
}

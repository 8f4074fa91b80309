"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { StandingSummary } from "@/components/submission/standing-summary";
import { AuditCard } from "@/components/submission/audit-card";
import type { MetricColumn } from "@/lib/tasks/types";
import { ProgressBar } from "@/components/ui/progress-bar";
import { useEffect, useRef, useState } from "react";
import { UploadStatus } from "@/components/submission/upload-status";
import { ProblemAlert } from "@/components/ui/problem-table";
import { SubmitButton } from "@/components/ui/form-field";
import type { Problem } from "@/lib/errors";
import { ErrorBody } from "@/lib/contracts/common";
import { UploadJudging, UploadQueued, UploadScored } from "@/lib/contracts/submissions";
import { getMetric } from "@/lib/metric-value";
import { sendUpload, type UploadAnswer, type UploadWait } from "./send-upload";
import { formatBytes, formatMetric } from "@/lib/format";
import { OPTIONAL_UPLOAD_FIELDS } from "@/lib/validations/common";
import { RunFields, type UploadJudge } from "./upload-fields";

type Result =
  | ({ kind: "ok" } & UploadScored)
  | ({ kind: "queued" } & UploadQueued)
  | ({ kind: "judging" } & UploadJudging)
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
  // CR-Bench comments without verdicts: stored, the server's judge decides them, then the score follows
  const judging = status === 202 ? UploadJudging.safeParse(body) : null;
  if (judging?.success) return { kind: "judging", ...judging.data };
  const err = ErrorBody.safeParse(body).data?.error;
  return {
    kind: "error",
    status,
    message: err?.message ?? `upload failed (HTTP ${status})`,
    problems: err?.details?.problems ?? [],
    problemCount: err?.details?.problemCount ?? 0,
  };
}

/** The form's data as the API takes it: the chosen (or dropped) file as "file", empty optional fields left out. */
function uploadData(form: HTMLFormElement, file: File): FormData {
  const fd = new FormData(form);
  fd.set("file", file); // a dropped file; the field stays last, after the team it is filed under
  if (!fd.get("oss")) fd.set("oss", "false");
  // empty optional numbers are left out rather than sent as ""
  for (const k of OPTIONAL_UPLOAD_FIELDS) if (fd.get(k) === "") fd.delete(k);
  return fd;
}

/**
 * Drag-and-drop upload of a prediction file with progress and the server's validation report.
 * Without JavaScript it is a plain multipart form posted to the same API route, which answers a
 * browser's form navigation with the submission's page, or this page with the refusal
 * (lib/server/submissions/upload-form-answer.ts); the file's field comes last, after the team.
 */
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
  judge?: UploadJudge | null;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  // answers so far: each new one is brought into view, even a second error like the first
  const [answers, setAnswers] = useState(0);
  const [wait, setWait] = useState<UploadWait | null>(null);
  const stopWait = useRef<(() => void) | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const router = useRouter();

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const chosen = file ?? inputRef.current?.files?.[0];
    if (!chosen) return;
    const fd = uploadData(e.currentTarget, chosen);
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
        setAnswers((n) => n + 1);
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
    <form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      action={`/api/v1/tasks/${task}/submissions`}
      onSubmit={onSubmit}
      className="space-y-4"
      data-testid="upload-form"
    >
      <DropZone file={file} inputId={FILE_INPUT} onFile={setFile} />
      <RunFields teams={teams} judge={judge} />
      <FileField id={FILE_INPUT} input={inputRef} onFile={setFile} />
      <SubmitButton busy={progress !== null} busyLabel="Uploading…" disabled={wait !== null}>
        Upload and score
      </SubmitButton>
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
      {result ? (
        <ResultInView key={answers}>
          <UploadResult result={result} task={task} primaryMetric={primaryMetric} primaryColumn={primaryColumn} />
        </ResultInView>
      ) : null}
    </form>
  );
}

/**
 * The answer where the eye is (issue 49): once it arrives, focus moves to it (a screen reader reads
 * it) and it is scrolled into view, above the long form it was submitted from.
 */
function ResultInView({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "start", behavior: "smooth" });
  }, []);
  return (
    <div ref={ref} tabIndex={-1} aria-live="polite" className="scroll-mt-4 outline-none" data-testid="upload-result">
      {children}
    </div>
  );
}

const FILE_INPUT = "prediction-file";

/**
 * The drop zone: a label of the file field, so a click on it opens the browser's file picker with
 * or without JavaScript; with JavaScript a file dropped on it becomes the field's file.
 */
function DropZone({
  file,
  inputId,
  onFile,
}: {
  file: File | null;
  inputId: string;
  onFile: (file: File | null) => void;
}) {
  const [drag, setDrag] = useState(false);
  return (
    <label
      htmlFor={inputId}
      onDragOver={(e) => {
        e.preventDefault();
        setDrag(true);
      }}
      onDragLeave={() => setDrag(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDrag(false);
        const dropped = e.dataTransfer.files;
        if (!dropped[0]) return;
        // the field holds it too: the form as sent, and the picker's own label, name the dropped file
        const field = e.currentTarget.control;
        if (field instanceof HTMLInputElement) field.files = dropped;
        onFile(dropped[0]);
      }}
      className={`flex h-36 cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed text-sm ${
        drag ? "border-sky-600 bg-sky-50 dark:bg-sky-950" : "border-slate-300 dark:border-slate-700"
      }`}
      data-testid="drop-zone"
    >
      {file ? (
        <span>
          <strong>{file.name}</strong> · {formatBytes(file.size)} — click to change
        </span>
      ) : (
        <span>Drop a prediction file here (JSON or JSONL, up to 100 MB), or click to choose one</span>
      )}
    </label>
  );
}

/** The file's own field, last in the form (the server reads the fields before the file first). */
function FileField({
  id,
  input,
  onFile,
}: {
  id: string;
  input: React.RefObject<HTMLInputElement | null>;
  onFile: (file: File | null) => void;
}) {
  return (
    <label className="block text-sm">
      Prediction file
      <input
        ref={input}
        id={id}
        type="file"
        name="file"
        required
        accept=".json,.jsonl,.ndjson,application/json"
        className="mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1 dark:file:border-slate-700 dark:file:bg-slate-900"
        data-testid="file-input"
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
    </label>
  );
}

/** The server's answer: scored (with the standing), queued for a worker, or refused with its problems. */
function UploadResult({
  result,
  task,
  primaryMetric,
  primaryColumn,
}: {
  result: Result;
  task: string;
  primaryMetric: string;
  primaryColumn: Pick<MetricColumn, "label" | "format">;
}) {
  if (result.kind === "queued")
    return <UploadStatus id={result.id} primaryMetric={primaryMetric} primaryColumn={primaryColumn} />;
  if (result.kind === "judging")
    return (
      <UploadStatus
        id={result.id}
        primaryMetric={primaryMetric}
        primaryColumn={primaryColumn}
        initial={{
          status: "judging",
          error: null,
          metrics: {},
          validation: result.validation,
          job: null,
          judge: result.judge,
        }}
      />
    );
  if (result.kind === "error") return <ProblemAlert error={result} note="Nothing was stored." testId="upload-error" />;
  return (
    <div
      className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950"
      data-testid="upload-ok"
    >
      <p className="font-semibold">
        Scored: {primaryColumn.label} = {formatMetric(getMetric(result.metrics, primaryMetric), primaryColumn.format)}
      </p>
      {result.standing ? (
        <StandingSummary standing={result.standing} column={primaryColumn} boardHref={`/tasks/${task}`} />
      ) : null}
      {/* the integrity audit ran inside the upload: what it found, and whether the upload is held for review */}
      {result.audit ? (
        <div className="my-2">
          <AuditCard audit={result.audit} />
        </div>
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
  );
}

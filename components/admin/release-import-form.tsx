"use client";

import { ProgressBar } from "@/components/ui/progress-bar";
import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { ProblemAlert } from "@/components/ui/problem-table";
import { inputClass, SubmitButton, TextField } from "@/components/ui/form-field";
import type { Problem } from "@/lib/errors";
import { ErrorBody } from "@/lib/contracts/common";
import { ReleaseImported } from "@/lib/contracts/releases";
import { ReleaseDiffView } from "./release-diff";
import { JobProgress } from "./job-progress";
import { xhrUpload } from "@/components/upload/xhr-upload";

type Imported = ReleaseImported;

/** Admin import of a dataset release: upload progress, validation report, preview and diff. */
export function ReleaseImportForm({
  tasks,
  formats,
}: {
  tasks: string[];
  formats: Record<string, { summary: string; example: string }>;
}) {
  const router = useRouter();
  const [task, setTask] = useState(tasks[0]);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<Imported | null>(null);
  const [error, setError] = useState<{ message: string; problems: Problem[]; problemCount: number } | null>(null);
  const refresh = useCallback(() => router.refresh(), [router]);

  function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!file) return;
    const fd = new FormData(e.currentTarget);
    fd.set("file", file);
    for (const k of ["hidden", "publish", "synthetic", "carry_over"]) fd.set(k, fd.get(k) ? "true" : "false");
    setError(null);
    setResult(null);
    setProgress(0);
    xhrUpload("/api/v1/admin/releases", fd, {
      progress: setProgress,
      done: ({ status, body }) => {
        setProgress(null);
        if (status === 0) return setError({ message: "network error", problems: [], problemCount: 0 });
        // read through the API's contract (lib/contracts/releases.ts)
        const imported = status === 201 ? ReleaseImported.safeParse(body) : null;
        if (imported?.success) {
          setResult(imported.data);
          if (!imported.data.job) router.refresh();
        } else {
          const err = ErrorBody.safeParse(body).data?.error;
          setError({
            message: err?.message ?? `import failed (HTTP ${status})`,
            problems: err?.details?.problems ?? [],
            problemCount: err?.details?.problemCount ?? 0,
          });
        }
      },
    });
  }

  return (
    <form onSubmit={submit} className="space-y-3" data-testid="release-import">
      <ReleaseFields tasks={tasks} formats={formats} task={task} onTask={setTask} onFile={setFile} />
      <SubmitButton busy={progress !== null} busyLabel="Importing…" disabled={!file}>
        Import release
      </SubmitButton>
      {progress !== null ? <ProgressBar fraction={progress} label="Upload progress" /> : null}
      {error ? <ProblemAlert error={error} note="Nothing was imported." testId="import-error" size="xs" /> : null}
      {result ? <ImportDone result={result} onDone={refresh} /> : null}
    </form>
  );
}

/** What is imported: the task, the version, the file (with the task's format), notes and the release's flags. */
function ReleaseFields({
  tasks,
  formats,
  task,
  onTask,
  onFile,
}: {
  tasks: string[];
  formats: Record<string, { summary: string; example: string }>;
  task: string;
  onTask: (task: string) => void;
  onFile: (file: File | null) => void;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm">
          Task
          <select name="task" value={task} onChange={(e) => onTask(e.target.value)} className={inputClass}>
            {tasks.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <TextField label="Version" name="version" required placeholder="e.g. 1.1" />
        <label className="block text-sm">
          File (CSV, JSON array or JSONL)
          <input
            type="file"
            accept=".csv,.json,.jsonl,.ndjson"
            data-testid="release-file"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm"
          />
        </label>
      </div>
      <p className="text-xs text-muted">
        {formats[task]?.summary} <code className="break-all">{formats[task]?.example}</code>
      </p>
      <TextField label="Notes" name="notes" />
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-1">
          <input type="checkbox" name="publish" value="true" /> publish at once
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" name="hidden" value="true" /> hidden ground truth (private test set)
        </label>
        <label className="flex items-center gap-1">
          <input type="checkbox" name="synthetic" value="true" /> synthetic data
        </label>
        <label
          className="flex items-center gap-1"
          title="Fields the file lacks (issue texts, patches, difficulty, …) are taken from the current release, instance by instance; the truth always comes from the file"
        >
          <input type="checkbox" name="carry_over" value="true" defaultChecked data-testid="carry-over" /> carry over
          fields the file lacks from the current release
        </label>
      </div>
    </>
  );
}

/** A stored release: its warnings, the diff against the current one, a preview, and the progress of the job it started. */
function ImportDone({ result, onDone }: { result: Imported; onDone: () => void }) {
  return (
    <div
      data-testid="import-ok"
      className="space-y-2 rounded border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800 dark:bg-emerald-950"
    >
      <p className="font-semibold">
        Imported {result.release.version}: {result.release.instanceCount} instances ({result.validation.format}),{" "}
        {result.release.status}.
      </p>
      {result.validation.warnings?.length ? (
        <ul className="list-disc pl-5 text-amber-900 dark:text-amber-200" data-testid="import-warnings">
          {result.validation.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      <ReleaseDiffView diff={result.diff} />
      <details open>
        <summary className="cursor-pointer">Preview of the first rows</summary>
        <pre className="mt-1 max-h-64 overflow-auto text-xs">
          {JSON.stringify(result.validation.preview, null, 1).slice(0, 4000)}
        </pre>
      </details>
      {result.job ? <JobProgress jobId={result.job.id} onDone={onDone} /> : null}
    </div>
  );
}

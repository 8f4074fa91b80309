"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ProblemTable } from "@/components/ui/problem-table";
import type { Problem } from "@/lib/errors";

interface State {
  status: "queued" | "scoring" | "scored" | "failed";
  error: string | null;
  metrics: Record<string, unknown>;
  validation: { problems?: Problem[]; problemCount?: number };
  job: { status: string; progress: number; total: number; attempts: number; error: string | null } | null;
}

/**
 * Follows an upload that a worker scores (202): polls the submission until it is scored or
 * failed, with a progress bar over the bytes read. On the submission page it refreshes the page
 * once scored; in the upload form it shows the outcome in place.
 */
export function UploadStatus({ id, primaryMetric, refreshWhenDone = false }: { id: string; primaryMetric?: string; refreshWhenDone?: boolean }) {
  const router = useRouter();
  const [state, setState] = useState<State | null>(null);
  const [lost, setLost] = useState(false);

  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const res = await fetch(`/api/v1/submissions/${id}`, { cache: "no-store" });
        if (!res.ok) throw new Error(String(res.status));
        const s = (await res.json()) as State;
        if (stop) return;
        setState(s);
        setLost(false);
        if (s.status === "scored" || s.status === "failed") {
          if (refreshWhenDone) router.refresh();
          return;
        }
      } catch {
        if (!stop) setLost(true);
      }
      if (!stop) timer = setTimeout(poll, 1000);
    };
    void poll();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [id, refreshWhenDone, router]);

  const job = state?.job;
  const fraction = job && job.total > 0 ? Math.min(1, job.progress / job.total) : 0;
  if (state?.status === "failed") {
    return (
      <div className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm dark:border-rose-800 dark:bg-rose-950" data-testid="upload-status" data-status="failed" role="alert">
        <p className="font-semibold">Scoring failed: {state.error ?? job?.error ?? "unknown error"}</p>
        <ProblemTable problems={state.validation.problems ?? []} total={state.validation.problemCount ?? 0} />
        <p className="mt-2">Nothing was scored; fix the file and upload it again.</p>
      </div>
    );
  }
  if (state?.status === "scored") {
    const v = primaryMetric ? state.metrics[primaryMetric] : undefined;
    return (
      <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950" data-testid="upload-status" data-status="scored">
        <p className="font-semibold">Scored{primaryMetric ? `: ${primaryMetric} = ${typeof v === "number" ? v.toFixed(3) : "—"}` : "."}</p>
        <p className="mt-2">
          <Link href={`/submissions/${id}`}>View the submission</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm dark:border-sky-800 dark:bg-sky-950" data-testid="upload-status" data-status={state?.status ?? "queued"} role="status">
      <p className="font-semibold">
        {state?.status === "scoring" ? "Scoring on the server…" : "Queued: a worker will score this file."}
        {job && job.attempts > 1 ? ` (attempt ${job.attempts})` : ""}
      </p>
      <div className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-label="Scoring progress" aria-valuenow={Math.round(fraction * 100)} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full bg-sky-600 transition-all" style={{ width: `${Math.max(3, fraction * 100)}%` }} />
      </div>
      {job?.error ? <p className="text-amber-800 dark:text-amber-300">{job.error}</p> : null}
      {lost ? <p className="text-muted">Could not reach the server; trying again…</p> : null}
      <p>
        This page updates by itself; you can also leave and come back to <Link href={`/submissions/${id}`}>the submission</Link>.
      </p>
    </div>
  );
}

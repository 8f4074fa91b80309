"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { ProblemTable } from "@/components/ui/problem-table";
import { ProgressBar } from "@/components/ui/progress-bar";
import { usePoll } from "@/lib/client/use-poll";
import type { Problem } from "@/lib/errors";
import type { Submission } from "@/lib/contracts/submissions";
import { getMetric } from "@/lib/metric-value";
import { fixed, formatMetric } from "@/lib/format";
import type { MetricColumn } from "@/lib/tasks/types";

/** What it reads of GET /api/v1/submissions/{id} (lib/contracts/submissions.ts). */
type State = Pick<Submission, "status" | "error" | "metrics" | "validation" | "job" | "judge">;

/** The problems of a failed file (a scored one's validation is its report). */
function problemsOf(v: Submission["validation"]): { problems: Problem[]; count: number } {
  if (!v || !("problems" in v) || !Array.isArray(v.problems)) return { problems: [], count: 0 };
  return {
    problems: v.problems as Problem[],
    count: typeof v.problemCount === "number" ? v.problemCount : v.problems.length,
  };
}

const finished = (s: State) => s.status === "scored" || s.status === "failed";

/** The server's judge at work (CR-Bench): comments judged of all, who judges, what stopped it last. */
function JudgingStatus({ judge, lost, id }: { judge: NonNullable<State["judge"]>; lost: boolean; id: string }) {
  const p = judge.progress;
  return (
    <div
      className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm dark:border-sky-800 dark:bg-sky-950"
      data-testid="upload-status"
      data-status="judging"
      role="status"
    >
      <p className="font-semibold" data-testid="judging-progress">
        Judging on the server: {p ? `${p.judged} / ${p.total} ${p.unit}` : "starting"}
      </p>
      <ProgressBar fraction={p && p.total > 0 ? p.judged / p.total : 0} label="Judging progress" />
      <p className="text-muted">
        The server&apos;s judge ({judge.model ?? "configured model"}, prompt {judge.promptVersion ?? "—"}) classifies
        every review comment as the paper&apos;s CR-Evaluator does; the scores follow when the last verdict is in.
      </p>
      {p?.error ? <p className="text-amber-800 dark:text-amber-300">{p.error}</p> : null}
      {lost ? <p className="text-muted">Could not reach the server; trying again…</p> : null}
      <p>
        This page updates by itself (without JavaScript, reload it); you can also leave and come back to{" "}
        <Link href={`/submissions/${id}`}>the submission</Link>.
      </p>
    </div>
  );
}

/**
 * Follows an upload that a worker scores (202): polls the submission until it is scored or
 * failed, with a progress bar over the bytes read — or, for a CR-Bench upload the server's judge
 * decides, over the comments judged. On the submission page it refreshes the page once scored
 * (and renders the server's state without a script); in the upload form it shows the outcome in place.
 */
export function UploadStatus({
  id,
  primaryMetric,
  primaryColumn,
  refreshWhenDone = false,
  initial,
}: {
  id: string;
  primaryMetric?: string;
  /** the primary metric's label and format (else the key, to 3 decimals) */
  primaryColumn?: Pick<MetricColumn, "label" | "format">;
  refreshWhenDone?: boolean;
  /** the state the server rendered with (shown before the first poll, and without a script) */
  initial?: State;
}) {
  const router = useRouter();
  const { data: state, lost } = usePoll<State>(`/api/v1/submissions/${id}`, {
    intervalMs: 1000,
    done: finished,
    initial,
  });
  const refreshed = useRef(false);
  useEffect(() => {
    if (refreshWhenDone && state && finished(state) && !refreshed.current) {
      refreshed.current = true;
      router.refresh();
    }
  }, [state, refreshWhenDone, router]);

  const job = state?.job;
  const fraction = job && job.total > 0 ? Math.min(1, job.progress / job.total) : 0;
  if (state?.status === "judging" && state.judge) return <JudgingStatus judge={state.judge} lost={lost} id={id} />;
  if (state?.status === "failed") {
    return (
      <div
        className="rounded-lg border border-rose-300 bg-rose-50 p-4 text-sm dark:border-rose-800 dark:bg-rose-950"
        data-testid="upload-status"
        data-status="failed"
        role="alert"
      >
        <p className="font-semibold">Scoring failed: {state.error ?? job?.error ?? "unknown error"}</p>
        <ProblemTable problems={problemsOf(state.validation).problems} total={problemsOf(state.validation).count} />
        <p className="mt-2">Nothing was scored; fix the file and upload it again.</p>
      </div>
    );
  }
  if (state?.status === "scored") {
    const v = primaryMetric ? getMetric(state.metrics, primaryMetric) : null;
    return (
      <div
        className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950"
        data-testid="upload-status"
        data-status="scored"
      >
        <p className="font-semibold">
          Scored
          {primaryMetric
            ? `: ${primaryColumn?.label ?? primaryMetric} = ${typeof v === "number" ? (primaryColumn ? formatMetric(v, primaryColumn.format) : fixed(v, 3)) : "—"}`
            : "."}
        </p>
        <p className="mt-2">
          <Link href={`/submissions/${id}`}>View the submission: its rank, the baselines and every instance</Link>
        </p>
      </div>
    );
  }
  return (
    <div
      className="space-y-2 rounded-lg border border-sky-300 bg-sky-50 p-4 text-sm dark:border-sky-800 dark:bg-sky-950"
      data-testid="upload-status"
      data-status={state?.status ?? "queued"}
      role="status"
    >
      <p className="font-semibold">
        {state?.status === "scoring" ? "Scoring on the server…" : "Queued: a worker will score this file."}
        {job && job.attempts > 1 ? ` (attempt ${job.attempts})` : ""}
      </p>
      <ProgressBar fraction={fraction} label="Scoring progress" />
      {job?.error ? <p className="text-amber-800 dark:text-amber-300">{job.error}</p> : null}
      {lost ? <p className="text-muted">Could not reach the server; trying again…</p> : null}
      <p>
        This page updates by itself; you can also leave and come back to{" "}
        <Link href={`/submissions/${id}`}>the submission</Link>.
      </p>
    </div>
  );
}

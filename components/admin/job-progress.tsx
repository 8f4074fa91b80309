"use client";

import { useEffect, useRef } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { usePoll } from "@/lib/client/use-poll";
import type { JobResponse } from "@/lib/contracts/jobs";

type Job = JobResponse;

const finished = (j: Job) => j.status === "done" || j.status === "failed";

/** Follows a background job with its progress bar; calls onDone once when it finishes. */
export function JobProgress({ jobId, onDone }: { jobId: string; onDone?: (job: Job) => void }) {
  const { data: job, lost } = usePoll<Job>(`/api/v1/admin/jobs/${jobId}`, { intervalMs: 400, done: finished });
  const reported = useRef(false);
  useEffect(() => {
    if (job && finished(job) && !reported.current) {
      reported.current = true;
      onDone?.(job);
    }
  }, [job, onDone]);
  if (!job)
    return <p className="text-sm text-muted">{lost ? "Could not reach the server; trying again…" : "Starting…"}</p>;
  const fraction = job.total ? job.progress / job.total : job.status === "done" ? 1 : 0;
  return (
    <div className="space-y-1 text-sm" data-testid="job-progress" data-status={job.status}>
      <ProgressBar fraction={fraction} label="Re-scoring progress" failed={job.status === "failed"} />
      <p>
        {job.status === "done"
          ? `Re-scored ${job.total} submission(s).`
          : job.status === "failed"
            ? `Re-scoring failed: ${job.error}`
            : `Re-scoring submissions: ${job.progress} of ${job.total}…`}
      </p>
      {lost ? <p className="text-muted">Could not reach the server; trying again…</p> : null}
    </div>
  );
}

"use client";

import { useEffect, useState } from "react";

interface Job {
  id: string;
  status: string;
  progress: number;
  total: number;
  error: string | null;
}

/** Polls a background job and shows its progress bar; calls onDone when it finishes. */
export function JobProgress({ jobId, onDone }: { jobId: string; onDone?: (job: Job) => void }) {
  const [job, setJob] = useState<Job | null>(null);
  useEffect(() => {
    let stop = false;
    const tick = async () => {
      const res = await fetch(`/api/v1/admin/jobs/${jobId}`);
      if (!res.ok || stop) return;
      const j = (await res.json()) as Job;
      setJob(j);
      if (j.status === "done" || j.status === "failed") onDone?.(j);
      else setTimeout(tick, 400);
    };
    void tick();
    return () => {
      stop = true;
    };
  }, [jobId, onDone]);
  if (!job) return <p className="text-sm text-muted">Starting…</p>;
  const pct = job.total ? Math.round((job.progress / job.total) * 100) : job.status === "done" ? 100 : 0;
  return (
    <div className="space-y-1 text-sm" data-testid="job-progress" data-status={job.status}>
      <div className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label="Re-scoring progress">
        <div className={`h-full ${job.status === "failed" ? "bg-rose-600" : "bg-sky-600"} transition-all`} style={{ width: `${Math.max(3, pct)}%` }} />
      </div>
      <p>
        {job.status === "done"
          ? `Re-scored ${job.total} submission(s).`
          : job.status === "failed"
            ? `Re-scoring failed: ${job.error}`
            : `Re-scoring submissions: ${job.progress} of ${job.total}…`}
      </p>
    </div>
  );
}

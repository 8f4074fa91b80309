// A job worker's own metrics: every job attempt it runs, by task and outcome, timed from
// graphile-worker's events (job:start → job:success / job:error), and the jobs running now.
// The worker process serves them (with the rest of this process's registry) on
// WORKER_METRICS_PORT (./worker-metrics.ts); a web process running a worker inside it (WORKER=1,
// development) shows them on its own GET /metrics.
import type { WorkerEvents } from "graphile-worker";
import { metrics, type JobOutcome } from "./metrics";

const g = globalThis as unknown as { __instrumentedJobs?: WeakSet<object> };

/** Records the job attempts of one runner's events into worker_jobs_*. Idempotent per emitter. */
export function instrumentJobs(events: WorkerEvents): void {
  const done = (g.__instrumentedJobs ??= new WeakSet());
  if (done.has(events)) return;
  done.add(events);
  const m = metrics();
  // by job id and worker (a job runs on one worker at a time)
  const started = new Map<string, number>();
  const key = (workerId: string, jobId: string) => `${workerId}:${jobId}`;
  const end = (workerId: string, job: { id: string; task_identifier: string }, outcome: JobOutcome) => {
    const k = key(workerId, job.id);
    const t0 = started.get(k);
    started.delete(k);
    m.jobs.inc({ task: job.task_identifier, outcome });
    m.jobsRunning.dec({ task: job.task_identifier });
    if (t0 !== undefined)
      m.jobDuration.observe({ task: job.task_identifier, outcome }, (performance.now() - t0) / 1000);
  };
  events.on("job:start", ({ worker, job }) => {
    started.set(key(worker.workerId, job.id), performance.now());
    m.jobsRunning.inc({ task: job.task_identifier });
  });
  events.on("job:success", ({ worker, job }) => end(worker.workerId, job, "success"));
  // graphile-worker counts the attempt when it takes the job: out of attempts means failed for good
  events.on("job:error", ({ worker, job }) =>
    end(worker.workerId, job, job.attempts >= job.max_attempts ? "failed" : "retry"),
  );
}

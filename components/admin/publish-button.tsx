"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";
import { JobProgress } from "./job-progress";

/** Publishes a draft release, then follows the re-scoring job. */
export function PublishButton({ releaseId, version }: { releaseId: string; version: string }) {
  const router = useRouter();
  const [job, setJob] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const done = useCallback(() => router.refresh(), [router]);
  async function publish() {
    // what publishing would lose (fields fewer instances carry than the current release): said first
    const detail = await fetch(`/api/v1/admin/releases/${releaseId}`)
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
    const lost: { field: string; before: number; after: number }[] = detail?.diff?.lost ?? [];
    const warning = lost.length
      ? `\n\nWarning — this release carries less than the current one: ${lost
          .map((l) => `${l.field} on ${l.after} instances (now ${l.before})`)
          .join("; ")}. Charts built on them (e.g. length buckets) will show less or nothing.`
      : "";
    if (
      !confirm(
        `Publish release ${version}? The current release is archived and every submission is re-scored.${warning}`,
      )
    )
      return;
    const res = await fetch(`/api/v1/admin/releases/${releaseId}/publish`, { method: "POST" });
    const body = await res.json();
    if (res.status !== 202) return setError(body.error?.message ?? "publish failed");
    setJob(body.job.id);
  }
  if (job) return <JobProgress jobId={job} onDone={done} />;
  return (
    <span>
      <button
        type="button"
        onClick={publish}
        className="rounded bg-emerald-700 px-2 py-1 text-xs font-medium text-white hover:bg-emerald-800"
      >
        Publish {version}
      </button>
      {error ? <span className="ml-2 text-xs text-rose-700">{error}</span> : null}
    </span>
  );
}

import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { UploadForm } from "@/components/upload/upload-form";
import { getDb } from "@/lib/db";
import { getSessionActor } from "@/lib/server/actor";
import { isKindImplemented } from "@/lib/tasks";
import type { TaskKindName } from "@/lib/tasks/types";

export const dynamic = "force-dynamic";

export default async function SubmitPage({ params }: { params: Promise<{ benchmark: string; task: string }> }) {
  const { benchmark, task } = await params;
  const fullSlug = `${benchmark}/${task}`;
  const actor = await getSessionActor();
  if (!actor) redirect(`/signin?callbackUrl=${encodeURIComponent(`/tasks/${fullSlug}/submit`)}`);
  const db = await getDb();
  const t = await db.task.findUnique({ where: { fullSlug }, include: { benchmark: true } });
  if (!t) notFound();
  return (
    <div className="max-w-4xl space-y-4">
      <p className="text-sm text-slate-500">
        <Link href={`/tasks/${fullSlug}`}>
          {t.benchmark.name} · {t.name}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Submit predictions</h1>
      {isKindImplemented(t.kind as TaskKindName) ? (
        <>
          <details className="text-sm text-slate-600 dark:text-slate-400">
            <summary className="cursor-pointer">Accepted file shapes</summary>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>
                Official: <code>{`{ "<instance_id>": { "input_bounce": true, "trace": "…", "score": 0.8 } }`}</code>
              </li>
              <li>
                Label style: <code>{`{ "<instance_id>": { "label": "VAGUE", "explanation": "…" } }`}</code> (bounce iff VAGUE or IMPOSSIBLE_TO_SOLVE)
              </li>
              <li>
                Rows: <code>{`[ { "instance_id": "…", "input_bounce": false }, … ]`}</code>, or the same as JSONL
              </li>
            </ul>
            <p className="mt-2">
              Files missing some instances are stored and scored on what they cover, but not ranked. With an API token:{" "}
              <code>curl -H &quot;Authorization: Bearer $TOKEN&quot; -F file=@preds.json -F model=NAME {`<host>`}/api/v1/tasks/{fullSlug}/submissions</code>
            </p>
          </details>
          <UploadForm task={fullSlug} primaryMetric={t.primaryMetric} />
        </>
      ) : (
        <p>This task does not accept submissions yet.</p>
      )}
    </div>
  );
}

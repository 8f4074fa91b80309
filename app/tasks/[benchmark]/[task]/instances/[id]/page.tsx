import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { AppError } from "@/lib/errors";
import { getSessionActor } from "@/lib/server/auth";
import { getTaskInstance } from "@/lib/server/submissions";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string; id: string }>;

const pre = "max-h-96 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs dark:bg-slate-900";

export default async function InstancePage({ params, searchParams }: { params: Params; searchParams: Promise<{ release?: string }> }) {
  const { benchmark, task, id } = await params;
  const { release } = await searchParams;
  const fullSlug = `${benchmark}/${task}`;
  let inst;
  try {
    inst = await getTaskInstance(await getDb(), fullSlug, decodeURIComponent(id), release, await getSessionActor());
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  }
  const { metadata } = inst;
  const text = (k: string) => (typeof metadata[k] === "string" ? (metadata[k] as string) : null);
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>{fullSlug}</Link> / <Link href={`/tasks/${fullSlug}/instances${release ? `?release=${release}` : ""}`}>instances</Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-2 font-mono text-xl font-bold">
        {inst.instanceId}
        <Badge tone={inst.release.synthetic ? "amber" : "green"}>release {inst.release.version}</Badge>
      </h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Ground truth">
          {inst.truth ? <pre className={pre} data-testid="instance-truth">{JSON.stringify(inst.truth, null, 2)}</pre> : <p className="text-sm">This release keeps its ground truth hidden.</p>}
        </Card>
        <Card title="Instance">
          {text("title") ? <p className="font-medium">{text("title")}</p> : null}
          {text("problem_statement") ? <pre className={pre}>{text("problem_statement")}</pre> : null}
          {text("description") ? <pre className={pre}>{text("description")}</pre> : null}
          {text("patch") ? <pre className={pre}>{text("patch")}</pre> : null}
          {text("diff") ? <pre className={pre}>{text("diff")}</pre> : null}
          {metadata.files ? (
            <details>
              <summary className="cursor-pointer text-sm">Pre-fix files</summary>
              {Object.entries(metadata.files as Record<string, string>).map(([p, c]) => (
                <div key={p}>
                  <p className="mt-2 font-mono text-xs">{p}</p>
                  <pre className={pre}>{c}</pre>
                </div>
              ))}
            </details>
          ) : null}
          <dl className="mt-2 grid grid-cols-2 gap-1 text-xs">
            {Object.entries(metadata)
              .filter(([, v]) => typeof v === "number" || (typeof v === "string" && v.length < 80))
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted">{k}</dt>
                  <dd>{String(v)}</dd>
                </div>
              ))}
          </dl>
        </Card>
      </div>
      <Card title="Predictions of public submissions">
        <DataTable
          rows={inst.predictions}
          rowKey={(p) => p.submissionId}
          caption="Predictions of public submissions for this instance"
          testId="instance-predictions"
          plain
          columns={[
            { key: "submission", header: "submission", rowHeader: true, sort: (p) => p.model, cell: (p) => <Link href={`/submissions/${p.submissionId}`}>{p.model}</Link> },
            { key: "prediction", header: "prediction", cell: (p) => p.outcome?.predicted ?? <code className="text-xs">{JSON.stringify(p.prediction).slice(0, 120)}</code> },
            { key: "outcome", header: "outcome", sort: (p) => p.outcome?.outcome, cell: (p) => (p.outcome ? <Badge tone={p.outcome.correct ? "green" : "red"}>{p.outcome.outcome.replace(/_/g, " ")}</Badge> : "—") },
            {
              key: "trace",
              header: "trace / explanation",
              className: "max-w-xl text-xs text-slate-600 dark:text-slate-400",
              cell: (p) => (
                <>
                  {typeof p.prediction.trace === "string" ? p.prediction.trace : typeof p.prediction.patch === "string" ? <pre className={pre}>{p.prediction.patch}</pre> : ""}
                  {p.clipped.length ? (
                    <a className="mt-1 block" href={`/api/v1/submissions/${p.submissionId}/predictions/${encodeURIComponent(inst.instanceId)}`}>
                      first 10 KB shown: the whole prediction
                    </a>
                  ) : null}
                </>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}

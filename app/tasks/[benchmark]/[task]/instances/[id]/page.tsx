import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { kindViews } from "@/components/tasks";
import { pre } from "@/components/tasks/generic";
import { getDb } from "@/lib/server/db";
import { getSessionActor } from "@/lib/server/auth";
import { getTaskInstance } from "@/lib/server/submissions";
import { orNotFound } from "@/lib/server/pages";

export const dynamic = "force-dynamic";

type Params = Promise<{ benchmark: string; task: string; id: string }>;

export default async function InstancePage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<{ release?: string }>;
}) {
  const { benchmark, task, id } = await params;
  const { release } = await searchParams;
  const fullSlug = `${benchmark}/${task}`;
  const inst = await orNotFound(
    getTaskInstance(await getDb(), fullSlug, decodeURIComponent(id), release, await getSessionActor()),
  );
  const { metadata } = inst;
  // the instance and its predictions as the task's kind shows them (components/tasks/<kind>)
  const { InstanceView, PredictionView } = kindViews(inst.kind);
  const wholePrediction = (submissionId: string) =>
    `/api/v1/submissions/${submissionId}/predictions/${encodeURIComponent(inst.instanceId)}`;
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>{fullSlug}</Link> /{" "}
        <Link href={`/tasks/${fullSlug}/instances${release ? `?release=${release}` : ""}`}>instances</Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-2 font-mono text-xl font-bold">
        {inst.instanceId}
        <Badge tone={inst.release.synthetic ? "amber" : "green"}>release {inst.release.version}</Badge>
      </h1>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Ground truth">
          {inst.truth ? (
            <pre className={pre} data-testid="instance-truth">
              {JSON.stringify(inst.truth, null, 2)}
            </pre>
          ) : (
            <p className="text-sm">This release keeps its ground truth hidden.</p>
          )}
        </Card>
        <Card title="Instance">
          <InstanceView metadata={metadata} />
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
            {
              key: "submission",
              header: "submission",
              rowHeader: true,
              sort: (p) => p.model,
              cell: (p) => <Link href={`/submissions/${p.submissionId}`}>{p.model}</Link>,
            },
            {
              key: "prediction",
              header: "prediction",
              cell: (p) =>
                p.outcome?.predicted ?? <code className="text-xs">{JSON.stringify(p.prediction).slice(0, 120)}</code>,
            },
            {
              key: "outcome",
              header: "outcome",
              sort: (p) => p.outcome?.outcome,
              cell: (p) =>
                p.outcome ? (
                  <Badge tone={p.outcome.correct ? "green" : "red"}>{p.outcome.outcome.replace(/_/g, " ")}</Badge>
                ) : (
                  "—"
                ),
            },
            {
              key: "trace",
              header: "trace / explanation",
              className: "max-w-xl text-xs text-slate-600 dark:text-slate-400",
              cell: (p) => (
                <>
                  <PredictionView
                    prediction={p.prediction}
                    truth={inst.truth}
                    whole={{ href: wholePrediction(p.submissionId) }}
                  />
                  {p.clipped.length ? (
                    <a className="mt-1 block" href={wholePrediction(p.submissionId)}>
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

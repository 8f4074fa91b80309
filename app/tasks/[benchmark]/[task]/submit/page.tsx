import { judgeConfig } from "@/lib/server/judging";
import { taskPageTitle, type TaskParams } from "@/components/task/task-page";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { ComposeForm } from "@/components/upload/compose-form";
import { UploadForm } from "@/components/upload/upload-form";
import type { MetricColumn } from "@/lib/tasks/types";
import type { ResolvedTask } from "@/lib/server/tasks";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { composeChoices, readUploadRefusal, UPLOAD_REFUSAL_COOKIE } from "@/lib/server/submissions";
import { ProblemAlert } from "@/components/ui/problem-table";
import { cookies } from "next/headers";
import { getDb } from "@/lib/server/db";
import { getSessionActor } from "@/lib/server/auth";
import { uploadContext } from "@/lib/server/teams";
import { fullSlugOf } from "@/lib/tasks/catalog";

export const dynamic = "force-dynamic";

export const generateMetadata = taskPageTitle((fullSlug) => `Submit to ${fullSlug}`);

/** The primary metric's label and format, as the board shows it. */
function primaryColumnOf(t: ResolvedTask): Pick<MetricColumn, "label" | "format"> {
  const c = t.kind.columns(t.options).find((x) => x.key === t.primaryMetric);
  return { label: c?.label ?? t.primaryMetric, format: c?.format ?? "score3" };
}

export default async function SubmitPage({
  params,
  searchParams,
}: {
  params: TaskParams;
  searchParams: Promise<{ refused?: string | string[] }>;
}) {
  const fullSlug = fullSlugOf(await params);
  // the upload form sent without JavaScript and refused: the 303 back names the refusal to show
  const { refused } = await searchParams;
  const refusal = readUploadRefusal(
    (await cookies()).get(UPLOAD_REFUSAL_COOKIE)?.value,
    typeof refused === "string" ? refused : undefined,
  );
  const actor = await getSessionActor();
  if (!actor) redirect(`/signin?callbackUrl=${encodeURIComponent(`/tasks/${fullSlug}/submit`)}`);
  const db = await getDb();
  const up = await uploadContext(db, fullSlug, actor);
  if (!up) notFound();
  const { task: t, format, release, quota, teams } = up;
  // a pipeline task: entries can also be composed from an Input and an Output submission
  const compose = await composeChoices(
    db,
    t,
    async (side) => (await getLeaderboard(db, side, { view: "all", baselines: false, limit: 200 })).rows,
  );
  return (
    <div className="max-w-4xl space-y-4">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>
          {t.benchmark.name} · {t.name}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Submit predictions</h1>
      {release?.hidden ? (
        <p className="text-sm" data-testid="hidden-note">
          Release {release.version} keeps its ground truth hidden: every instance is required, dry runs validate without
          scores, and scores are shown by the <Link href={`/tasks/${fullSlug}#ladder`}>Ladder</Link>.
        </p>
      ) : null}
      {quota ? (
        <p className="text-sm" data-testid="quota">
          Your team has <strong>{quota.remaining}</strong> of {quota.perDay} scored uploads left today on release{" "}
          {release!.version}
          {quota.total !== null ? ` (${Math.max(0, quota.total - quota.usedTotal)} of ${quota.total} in all)` : ""}; the
          count resets at {new Date(quota.reset * 1000).toISOString().slice(11, 16)} UTC. Dry runs and invalid files do
          not count.
        </p>
      ) : null}
      {refusal ? <ProblemAlert error={refusal} note="Nothing was stored." testId="upload-error" /> : null}
      <FileShapes fullSlug={fullSlug} format={format} release={release} isAdmin={actor.isAdmin} />
      <UploadForm
        task={fullSlug}
        primaryMetric={t.primaryMetric}
        primaryColumn={primaryColumnOf(t)}
        teams={teams}
        judge={
          t.kind.judge
            ? {
                decides: t.kind.judge.decides,
                paper: t.kind.judge.paper.map((p) => ({ label: p.label, prompt: p.prompts[0] })),
                server: serverJudgeOf(t.kind),
              }
            : null
        }
      />
      {compose ? <ComposeSection compose={compose} task={t} fullSlug={fullSlug} /> : null}
    </div>
  );
}

type UploadContext = NonNullable<Awaited<ReturnType<typeof uploadContext>>>;

/** The judge this server runs for the task's kind (CR-Bench), if one is configured. */
function serverJudgeOf(kind: { serverJudge?: { version: string } }) {
  const cfg = kind.serverJudge ? judgeConfig() : null;
  return cfg && kind.serverJudge ? { model: cfg.model, prompt: kind.serverJudge.version } : null;
}

/** The accepted file shapes, the release's blank template, and the upload with curl. */
function FileShapes({
  fullSlug,
  format,
  release,
  isAdmin,
}: {
  fullSlug: string;
  format: UploadContext["format"];
  release: UploadContext["release"];
  /** an admin gets the template of a hidden release too */
  isAdmin: boolean;
}) {
  return (
    <details className="text-sm text-slate-600 dark:text-slate-400">
      <summary className="cursor-pointer">Accepted file shapes</summary>
      <p className="mt-2">{format.summary}</p>
      <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900">{format.example}</pre>
      {release && (!release.hidden || isAdmin) ? (
        <p className="mt-2" data-testid="template-link">
          Start from the{" "}
          <a href={`/api/v1/tasks/${fullSlug}/releases/${encodeURIComponent(release.version)}/template`} download>
            blank template of release {release.version}
          </a>
          : every instance id, the values to fill in left null.
        </p>
      ) : null}
      <p className="mt-2">
        Files missing some instances are stored and scored on what they cover, but not ranked (unless the release hides
        its truth: then every instance is required). With an API token:{" "}
        <code>
          curl -H &quot;Authorization: Bearer $TOKEN&quot; -F file=@preds.json -F model=NAME {`<host>`}/api/v1/tasks/
          {fullSlug}/submissions
        </code>
      </p>
    </details>
  );
}

/** A pipeline task's entries composed from an Input and an Output submission (the paper's Figure 4). */
function ComposeSection({
  compose,
  task: t,
  fullSlug,
}: {
  compose: NonNullable<Awaited<ReturnType<typeof composeChoices>>>;
  task: ResolvedTask;
  fullSlug: string;
}) {
  return (
    <section aria-labelledby="compose" className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h2 id="compose" className="text-lg font-semibold">
        Or compose a pipeline from two submissions
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The paper&apos;s Figure 4 chains one model&apos;s input bouncer with another&apos;s output bouncer: pick a
        public submission of <Link href={`/tasks/${compose.input.task}`}>{compose.input.task}</Link> and one of{" "}
        <Link href={`/tasks/${compose.output.task}`}>{compose.output.task}</Link> (your team&apos;s private ones through
        the API, <code>POST /api/v1/tasks/{fullSlug}/compose</code>). Each instance of the Lite release both cover gets
        the first&apos;s input bounce and the second&apos;s output bounce; the entry is your team&apos;s, records its
        two sources and counts as an upload.
      </p>
      {compose.shared ? (
        <ComposeForm
          task={fullSlug}
          primaryMetric={t.primaryMetric}
          primaryLabel={primaryColumnOf(t).label}
          inputs={compose.input.options}
          outputs={compose.output.options}
        />
      ) : (
        <p className="text-sm" role="note" data-testid="compose-none">
          The current Input and Output releases share none of the instances of Lite release {compose.release}, so no
          pipeline can be composed on it yet.
        </p>
      )}
    </section>
  );
}

// POST /api/v1/tasks/{benchmark}/{task}/submissions – upload, validate, score and store predictions (streamed)
import { getDb, sqlOf } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { actorLabel } from "@/lib/server/activity";
import {
  disclosedUpload,
  assertMayUploadHidden,
  acceptUpload,
  isFormNavigation,
  uploadFormAnswer,
  uploadMeta,
} from "@/lib/server/submissions";
import { respond, streamMultipart, route } from "@/lib/server/http";
import { checkQuota, quotaHeaders, quotaState, consume } from "@/lib/server/limits";
import { getReleaseOrThrow, getTaskOrThrow } from "@/lib/server/tasks";
import { uploadTeam } from "@/lib/server/teams";
import { TaskParams } from "@/lib/contracts/leaderboards";
import { SubmissionFields, UploadJudging, UploadQueued, UploadScored } from "@/lib/contracts/submissions";
import { standingOf } from "@/lib/server/leaderboard";
import { judgeView } from "@/lib/server/judging";
import { fullSlugOf } from "@/lib/tasks/catalog";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

const upload = route({ access: "member", params: TaskParams }, async ({ req, params, actor }) => {
  if (!actor.teamId) throw new AppError("forbidden", "your account belongs to no team");
  let teamId = actor.teamId;
  const exempt = actor.isAdmin;
  const db = await getDb();
  // refused before a byte of the file is read: unknown task, no release, too many uploads
  const task = await getTaskOrThrow(db, fullSlugOf(params));
  const release = await getReleaseOrThrow(db, task.id);
  let counted = false;
  const { result } = await streamMultipart(req, {
    maxFileBytes: getEnv().MAX_UPLOAD_BYTES,
    fileField: "file",
    allowedFields: Object.keys(SubmissionFields.shape),
    onFile: async (source, info, fields) => {
      // the team: the token's, or the one a member of several picked (a field sent before the file)
      const picked = SubmissionFields.shape.team.safeParse(info.before.team).data || undefined;
      teamId = await uploadTeam(db, actor, picked);
      // a hidden release of an "approved teams only" task: other teams are refused, dry runs too
      await assertMayUploadHidden(db, { task, release, teamId, isAdmin: exempt });
      if (!exempt) await consume("uploads-team", teamId);
      // the upload form without JavaScript sends its empty optional fields as ""
      const browserForm = isFormNavigation(req);
      const meta = fields.then((raw) => uploadMeta(task.kind, raw, picked, { browserForm }));
      meta.catch(() => undefined);
      // a dry run announced before the file opens no transaction (one after it is rolled back)
      const dryRun = SubmissionFields.shape.dry_run.safeParse(info.before.dry_run).data === true;
      // dry runs do not count against the quota; the rest is checked again when stored
      if (!exempt && !dryRun) await checkQuota(sqlOf(db), task, release, teamId);
      counted = !exempt;
      // small files are scored at once (201); large ones are kept for a worker (202, progress at /api/v1/jobs/{id})
      return acceptUpload({
        task,
        release,
        source,
        fileName: info.fileName,
        teamId,
        userId: actor.userId,
        meta,
        dryRun,
        asyncBytes: getEnv().ASYNC_UPLOAD_BYTES,
        quota: !exempt,
        actorLabel: actorLabel(actor),
      });
    },
  });
  // an upload that counted: where the team's quota stands now
  const headers = counted && result.id ? quotaHeaders(await quotaState(sqlOf(db), task, release, teamId)) : undefined;
  if (result.status === "queued") {
    const { id, status, job } = result;
    return respond(
      UploadQueued,
      { id, status, job, url: `/api/v1/submissions/${id}` },
      { status: 202, headers: { ...headers, location: `/api/v1/submissions/${id}` } },
    );
  }
  if (result.status === "judging" && result.id) {
    // stored; scored once the server's judge has decided every comment (follow `url`)
    const url = `/api/v1/submissions/${result.id}`;
    const sub = await db.submission.findUniqueOrThrow({ where: { id: result.id } });
    // the meta column is always an object (default {}); the judge's view reads its judge fields
    const judge = await judgeView(sqlOf(db), sub);
    // a judging upload is the server judge's (the team's verdicts are scored at once)
    if (!judge) throw new AppError("internal", `submission ${result.id} is judging without the server's judge`);
    return respond(
      UploadJudging,
      { id: result.id, status: "judging", validation: result.validation, judge, url },
      { status: 202, headers: { ...headers, location: url } },
    );
  }
  const { id, status, validation } = result;
  // judging is answered above: such an upload is stored (a dry run is "validated")
  if (status === "judging") throw new AppError("internal", "a judging upload without an id");
  // where it stands: rank, baselines, its place among its system's uploads (public releases only)
  const standing = id && !result.hidden ? await standingOf(db, id, release.id).catch(() => null) : null;
  // a hidden release: only what the Ladder released (docs/security.md); the integrity audit run
  // inside the upload, as the team may read it (held for review, and why)
  const audit = "audit" in result && result.audit ? { audit: result.audit } : {};
  return respond(
    UploadScored,
    { id, status, ...disclosedUpload(result, actor), validation, standing, ...audit },
    { status: id ? 201 : 200, headers },
  );
});

/**
 * The route as the upload form without JavaScript reaches it too: a browser's own form navigation
 * gets a page by a 303, the submission's (stored) or the upload page with the refusal
 * (lib/server/submissions/upload-form-answer.ts); every other caller, the JSON above.
 */
export async function POST(req: Request, context: { params: Promise<unknown> }): Promise<Response> {
  const res = await upload(req, context);
  if (!isFormNavigation(req)) return res;
  const params = TaskParams.safeParse(await context.params);
  return params.success ? uploadFormAnswer(res, params.data) : res;
}

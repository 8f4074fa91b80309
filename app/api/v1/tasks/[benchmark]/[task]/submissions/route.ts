// POST /api/v1/tasks/{benchmark}/{task}/submissions – upload, validate, score and store predictions (streamed)
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { streamMultipart } from "@/lib/server/multipart";
import { acceptUpload } from "@/lib/server/upload-jobs";
import { disclosedUpload } from "@/lib/server/disclosure";
import { route } from "@/lib/server/route";
import { SubmissionFields, TaskParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = route({ access: "member", params: TaskParams }, async ({ req, params, actor }) => {
  if (!actor!.teamId) throw new AppError("forbidden", "your account belongs to no team");
  const { result } = await streamMultipart(req, {
    maxFileBytes: getEnv().MAX_UPLOAD_BYTES,
    fileField: "file",
    allowedFields: Object.keys(SubmissionFields.shape),
    onFile: async (source, info, fields) => {
      const meta = fields.then((raw) => {
        const f = SubmissionFields.parse(raw);
        return { model: f.model, system: f.system, oss: f.oss, site: f.site, visibility: f.visibility, costUsd: f.cost_usd, tokens: f.tokens, runtimeSec: f.runtime_sec, dryRun: f.dry_run };
      });
      meta.catch(() => undefined);
      // small files are scored at once (201); large ones are kept for a worker (202, progress at /api/v1/jobs/{id})
      return acceptUpload({
        task: `${params.benchmark}/${params.task}`,
        source,
        fileName: info.fileName,
        teamId: actor!.teamId,
        userId: actor!.userId,
        meta,
        // a dry run announced before the file opens no transaction (one after it is rolled back)
        dryRun: SubmissionFields.shape.dry_run.safeParse(info.before.dry_run).data === true,
        asyncBytes: getEnv().ASYNC_UPLOAD_BYTES,
      });
    },
  });
  if (result.status === "queued") {
    const { id, status, job } = result;
    return Response.json({ id, status, job, url: `/api/v1/submissions/${id}` }, { status: 202, headers: { location: `/api/v1/submissions/${id}` } });
  }
  const { id, status, validation } = result;
  // a hidden release: only what the Ladder released (docs/security.md)
  return Response.json({ id, status, ...disclosedUpload(result, actor), validation }, { status: id ? 201 : 200 });
});

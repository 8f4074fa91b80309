// POST /api/v1/tasks/{benchmark}/{task}/submissions – upload, validate, score and store predictions
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { readMultipart } from "@/lib/server/multipart";
import { route } from "@/lib/server/route";
import { submitPredictions } from "@/lib/server/submissions";
import { SubmissionFields, TaskParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = route({ access: "member", params: TaskParams }, async ({ req, params, actor }) => {
  const { fields, files } = await readMultipart(req, { maxFileBytes: getEnv().MAX_UPLOAD_BYTES });
  const file = files.file;
  if (!file) throw new AppError("validation_failed", "no file: send the predictions as the multipart field 'file'", { problems: [{ field: "file", message: "missing" }], problemCount: 1 });
  const f = SubmissionFields.parse(fields);
  if (!actor!.teamId) throw new AppError("forbidden", "your account belongs to no team");
  const r = await submitPredictions(await getDb(), {
    task: `${params.benchmark}/${params.task}`,
    text: file.text,
    fileName: file.name,
    fileSize: file.size,
    sha256: file.sha256,
    model: f.model,
    system: f.system,
    oss: f.oss,
    site: f.site,
    visibility: f.visibility,
    costUsd: f.cost_usd,
    tokens: f.tokens,
    runtimeSec: f.runtime_sec,
    teamId: actor!.teamId,
    userId: actor!.userId,
    dryRun: f.dry_run,
  });
  return Response.json(r, { status: r.id ? 201 : 200 });
});

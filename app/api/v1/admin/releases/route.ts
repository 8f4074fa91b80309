// POST /api/v1/admin/releases – import a dataset release file (admins)
import { getDb } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { readMultipart, respond, route } from "@/lib/server/http";
import { ReleaseFields, ReleaseImported } from "@/lib/contracts/releases";
import { jobJson } from "@/lib/server/jobs";
import { importRelease, releaseJson } from "@/lib/server/releases";

export const dynamic = "force-dynamic";
export const maxDuration = 300;

export const POST = route({ access: "admin" }, async ({ req, actor }) => {
  const { fields, files } = await readMultipart(req, { maxFileBytes: getEnv().MAX_UPLOAD_BYTES });
  if (!files.file)
    throw new AppError("validation_failed", "no file: send the release as the multipart field 'file'", {
      problems: [{ field: "file", message: "missing" }],
      problemCount: 1,
    });
  const f = ReleaseFields.parse(fields);
  const r = await importRelease(await getDb(), {
    task: f.task,
    version: f.version,
    text: files.file.text,
    fileName: files.file.name,
    notes: f.notes,
    hidden: f.hidden,
    synthetic: f.synthetic,
    publish: f.publish,
    carryOver: f.carry_over,
    createdBy: actor.userId,
    actor,
  });
  return respond(
    ReleaseImported,
    { release: releaseJson(r.release), validation: r.validation, diff: r.diff, job: r.job ? jobJson(r.job) : null },
    { status: 201 },
  );
});

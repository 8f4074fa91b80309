// GET /api/v1/submissions/{id} – metadata, status, metrics and validation summary
import { getDb } from "@/lib/db";
import { route } from "@/lib/server/route";
import { getSubmissionOrThrow, submissionJson, uploadJobOf } from "@/lib/server/submissions";
import { IdParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: IdParams }, async ({ params, actor }) => {
  const db = await getDb();
  const sub = await getSubmissionOrThrow(db, params.id, actor);
  // an upload scored by a worker: its progress, and why it failed
  const job = sub.status === "scored" ? null : await uploadJobOf(db, sub.id);
  return Response.json({ ...submissionJson(sub, actor), job });
});

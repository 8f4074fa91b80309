// GET /api/v1/submissions/{id} – metadata, status, metrics and validation summary
import { getDb } from "@/lib/db";
import { route } from "@/lib/server/route";
import { getSubmissionOrThrow, submissionJson } from "@/lib/server/submissions";
import { IdParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: IdParams }, async ({ params, actor }) => {
  const sub = await getSubmissionOrThrow(await getDb(), params.id, actor);
  return Response.json(submissionJson(sub));
});

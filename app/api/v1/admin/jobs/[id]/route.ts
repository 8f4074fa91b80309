// GET /api/v1/admin/jobs/{id} – progress of a background job (re-scoring after a publish)
import { getDb } from "@/lib/server/db";
import { getJobOrThrow, jobJson } from "@/lib/server/jobs";
import { respond, route } from "@/lib/server/http";
import { JobIdParams, JobResponse } from "@/lib/contracts/jobs";

export const dynamic = "force-dynamic";

export const GET = route({ access: "admin", params: JobIdParams }, async ({ params }) => {
  return respond(JobResponse, jobJson(await getJobOrThrow(await getDb(), params.id)));
});

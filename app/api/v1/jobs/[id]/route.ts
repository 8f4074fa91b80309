// GET /api/v1/jobs/{id} – progress, status and error of a background job, for the team that started it and admins
import { getDb } from "@/lib/server/db";
import { getVisibleJobOrThrow, jobJson } from "@/lib/server/jobs";
import { respond, route } from "@/lib/server/http";
import { JobIdParams, JobResponse } from "@/lib/contracts/jobs";

export const dynamic = "force-dynamic";

export const GET = route({ access: "member", params: JobIdParams }, async ({ params, actor }) => {
  return respond(JobResponse, jobJson(await getVisibleJobOrThrow(await getDb(), params.id, actor)));
});

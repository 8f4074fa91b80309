// POST /api/v1/admin/releases/{id}/publish – publish a draft; re-scoring runs as a background job
import { getDb } from "@/lib/server/db";
import { jobJson } from "@/lib/server/jobs";
import { publishRelease, releaseJson } from "@/lib/server/releases";
import { respond, route } from "@/lib/server/http";
import { ReleaseIdParams, ReleasePublished } from "@/lib/contracts/releases";

export const dynamic = "force-dynamic";

export const POST = route({ access: "admin", params: ReleaseIdParams }, async ({ params, actor }) => {
  const r = await publishRelease(await getDb(), params.id, { createdBy: actor.userId, actor });
  return respond(ReleasePublished, { release: releaseJson(r.release), job: jobJson(r.job) }, { status: 202 });
});

// GET /api/v1/admin/releases/{id} – a release with a preview of its first rows and its diff (admins)
import { getDb } from "@/lib/server/db";
import { getReleaseDetail } from "@/lib/server/releases";
import { respond, route } from "@/lib/server/http";
import { ReleaseDetail, ReleaseIdParams } from "@/lib/contracts/releases";

export const dynamic = "force-dynamic";

export const GET = route({ access: "admin", params: ReleaseIdParams }, async ({ params }) => {
  return respond(ReleaseDetail, await getReleaseDetail(await getDb(), params.id));
});

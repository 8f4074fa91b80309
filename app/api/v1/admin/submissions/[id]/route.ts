// DELETE /api/v1/admin/submissions/{id} – delete a submission, its predictions and scores (admins; the activity log keeps a record)
import { getDb } from "@/lib/server/db";
import { deleteSubmission } from "@/lib/server/submissions";
import { route } from "@/lib/server/http";
import { IdParams } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const DELETE = route({ access: "admin", params: IdParams }, async ({ params, actor }) => {
  await deleteSubmission(await getDb(), actor, params.id);
  return new Response(null, { status: 204 });
});

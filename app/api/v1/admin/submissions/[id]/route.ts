// DELETE /api/v1/admin/submissions/{id} – delete a submission, its predictions and scores (admins; the audit trail keeps a record)
import { getDb } from "@/lib/db";
import { deleteSubmission } from "@/lib/server/moderation";
import { route } from "@/lib/server/route";
import { IdParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const DELETE = route({ access: "admin", params: IdParams }, async ({ params, actor }) => {
  await deleteSubmission(await getDb(), actor!, params.id);
  return new Response(null, { status: 204 });
});

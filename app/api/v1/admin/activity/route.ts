// GET /api/v1/admin/activity – the activity log, newest first (admins): ?action=submission. &actor=email &target=ID-or-type &task=b/t &from=&to=YYYY-MM-DD &limit= &before=ID
import { getDb } from "@/lib/server/db";
import { listActivity } from "@/lib/server/activity";
import { respond, route } from "@/lib/server/http";
import { ActivityList, ActivityQuery } from "@/lib/contracts/admin";

export const dynamic = "force-dynamic";

export const GET = route({ access: "admin", query: ActivityQuery }, async ({ query: q }) => {
  return respond(ActivityList, await listActivity(await getDb(), q));
});

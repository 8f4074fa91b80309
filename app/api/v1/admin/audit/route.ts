// GET /api/v1/admin/audit – the audit trail, newest first (admins): ?action=submission. &actor=email &target=ID-or-type &task=b/t &from=&to=YYYY-MM-DD &limit= &before=ID
import { getDb } from "@/lib/server/db";
import { listAudit } from "@/lib/server/audit";
import { respond, route } from "@/lib/server/http";
import { AuditList, AuditQuery } from "@/lib/contracts/admin";

export const dynamic = "force-dynamic";

export const GET = route({ access: "admin", query: AuditQuery }, async ({ query: q }) => {
  return respond(AuditList, await listAudit(await getDb(), q));
});

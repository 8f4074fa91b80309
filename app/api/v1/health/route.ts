// GET /api/v1/health – liveness and database check (the CLI uses it to find a running app)
import { getDatabase } from "@/lib/db";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public" }, async () => {
  const db = await getDatabase();
  await db.query("SELECT 1");
  return Response.json({ ok: true, app: "trustworthy-se-leaderboard", database: db.kind });
});

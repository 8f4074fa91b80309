// GET /api/v1/tasks/{benchmark}/{task}/changelog – { events: [ { at, kind, … } ] }: releases, re-scores, verifications, new public entries; ?format=atom for the feed
import { z } from "zod";
import { getDb } from "@/lib/db";
import { changelogAtom, taskChangelog } from "@/lib/server/changelog";
import { route } from "@/lib/server/route";
import { TaskParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

const Query = z.object({ format: z.enum(["json", "atom"]).default("json"), limit: z.coerce.number().int().min(1).max(500).default(100) });

export const GET = route({ access: "public", params: TaskParams }, async ({ params, url }) => {
  const q = Query.parse(Object.fromEntries(url.searchParams));
  const c = await taskChangelog(await getDb(), `${params.benchmark}/${params.task}`, q.limit);
  if (q.format === "atom") return new Response(changelogAtom(c), { headers: { "content-type": "application/atom+xml; charset=utf-8" } });
  return Response.json(c);
});

// GET /api/v1/tasks/{benchmark}/{task}/changelog – { events: [ { at, kind, … } ] }: releases, re-scores, verifications, new public entries; ?type=releases|entries|moderation filters; ?format=atom for the feed
import { getDb } from "@/lib/server/db";
import { changelogAtom, taskChangelog } from "@/lib/server/releases";
import { respond, route } from "@/lib/server/http";
import { Changelog, ChangelogQuery, TaskParams } from "@/lib/contracts/leaderboards";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: TaskParams, query: ChangelogQuery },
  async ({ params, query: q }) => {
    const db = await getDb();
    const c = await taskChangelog(db, await getTaskCached(db, fullSlugOf(params)), q.limit, q.before, q.type);
    if (q.format === "atom")
      return new Response(changelogAtom(c), { headers: { "content-type": "application/atom+xml; charset=utf-8" } });
    return respond(Changelog, c);
  },
);

// GET /api/v1/tasks/{benchmark}/{task}/releases/{version}/instances – the release's instance ids
// (JSON, or one per line with ?format=txt); never anything of the truth
import { ReleaseIdsQuery, ReleaseInstanceIds, ReleaseVersionParams } from "@/lib/contracts/release-files";
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { downloadCacheHeaders, idsText, releaseInstanceIds } from "@/lib/server/releases";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: ReleaseVersionParams, query: ReleaseIdsQuery },
  async ({ req, params, query, actor }) => {
    const slug = fullSlugOf(params);
    const db = await getDb();
    const { body, fileStem, shared } = await releaseInstanceIds(
      db,
      await getTaskCached(db, slug),
      params.version,
      actor,
    );
    const txt = query.format === "txt";
    const content = txt ? idsText(body.ids) : JSON.stringify(body);
    const headers = downloadCacheHeaders(shared, content);
    if (headers.etag && req.headers.get("if-none-match") === headers.etag)
      return new Response(null, { status: 304, headers });
    if (!txt) return respond(ReleaseInstanceIds, body, { headers });
    return new Response(content, {
      headers: {
        ...headers,
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": `attachment; filename="${fileStem}-instances.txt"`,
      },
    });
  },
);

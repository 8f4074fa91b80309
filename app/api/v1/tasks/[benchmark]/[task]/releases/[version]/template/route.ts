// GET /api/v1/tasks/{benchmark}/{task}/releases/{version}/template – a blank prediction file: every
// instance in the task kind's upload shape, the values to fill left null (an attachment)
import { PredictionTemplateFile, ReleaseVersionParams } from "@/lib/contracts/release-files";
import { getDb } from "@/lib/server/db";
import { checkContract, route } from "@/lib/server/http";
import { downloadCacheHeaders, releaseTemplate } from "@/lib/server/releases";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

// The file is JSON written one instance per line (readable and fillable by hand): served as text,
// its shape is the kind's upload format, which the tests check with the kind's own parser.
export const GET = route({ access: "public", params: ReleaseVersionParams }, async ({ req, params, actor }) => {
  const slug = fullSlugOf(params);
  const db = await getDb();
  const { body, fileStem, shared } = await releaseTemplate(db, await getTaskCached(db, slug), params.version, actor);
  // written one instance per line, for reading and filling by hand: sent as written, checked
  // against its contract as respond() checks an answer (outside production, where it is parsed)
  if (process.env.NODE_ENV !== "production") checkContract(PredictionTemplateFile, JSON.parse(body));
  const headers = downloadCacheHeaders(shared, body);
  if (headers.etag && req.headers.get("if-none-match") === headers.etag)
    return new Response(null, { status: 304, headers });
  return new Response(body, {
    headers: {
      ...headers,
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${fileStem}-template.json"`,
    },
  });
});

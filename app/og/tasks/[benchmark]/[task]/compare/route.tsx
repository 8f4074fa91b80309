// GET /og/tasks/{benchmark}/{task}/compare?ids=a,b&v=… – a comparison's link-preview image
import { MetricsCard } from "@/components/og/card";
import { getDb } from "@/lib/server/db";
import { compareOg, ogPng, versionTag } from "@/lib/server/previews";
import { route } from "@/lib/server/http";
import { TaskParams } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams }, async ({ params, actor, url }) => {
  const slug = fullSlugOf(params);
  const ids = (url.searchParams.get("ids") ?? "").split(",").filter(Boolean);
  const release = url.searchParams.get("release") || undefined;
  const db = await getDb();
  const og = await compareOg(db, await getTaskCached(db, slug), ids, actor, release);
  return ogPng(
    `compare:${slug}:${ids.join(",")}:${release ?? ""}`,
    versionTag(og.version),
    url.searchParams.get("v"),
    () => <MetricsCard {...og.card} />,
    { private: og.private },
  );
});

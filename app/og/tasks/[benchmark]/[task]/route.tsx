// GET /og/tasks/{benchmark}/{task}?release=V&v=… – a leaderboard's link-preview image (top five)
import { BoardCard } from "@/components/og/card";
import { getDb } from "@/lib/server/db";
import { boardOg, ogPng, versionTag } from "@/lib/server/previews";
import { route } from "@/lib/server/http";
import { TaskParams } from "@/lib/validations/common";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskCached } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams }, async ({ params, url }) => {
  const slug = fullSlugOf(params);
  const release = url.searchParams.get("release") || undefined;
  const db = await getDb();
  const og = await boardOg(db, await getTaskCached(db, slug), release);
  return ogPng(`board:${slug}:${release ?? ""}`, versionTag(og.version), url.searchParams.get("v"), () => (
    <BoardCard {...og.card} />
  ));
});

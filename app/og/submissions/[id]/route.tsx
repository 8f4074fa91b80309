// GET /og/submissions/{id}?v=… – a submission's link-preview image (its metrics, as readers see them)
import { MetricsCard } from "@/components/og/card";
import { getDb } from "@/lib/server/db";
import { submissionOg, ogPng, versionTag } from "@/lib/server/previews";
import { route } from "@/lib/server/http";
import { IdParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: IdParams }, async ({ params, actor, url }) => {
  const og = await submissionOg(await getDb(), params.id, actor);
  return ogPng(
    `submission:${params.id}`,
    versionTag(og.version),
    url.searchParams.get("v"),
    () => <MetricsCard {...og.card} />,
    { private: og.private },
  );
});

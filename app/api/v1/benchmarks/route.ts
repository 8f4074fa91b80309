// GET /api/v1/benchmarks – benchmarks with their tasks and current releases
import { getDb } from "@/lib/db";
import { listBenchmarks } from "@/lib/server/catalog";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public" }, async () => {
  return Response.json({ benchmarks: await listBenchmarks(await getDb()) });
});

// GET /api/v1/benchmarks – benchmarks with their tasks and current releases
import { getDb } from "@/lib/server/db";
import { listBenchmarks } from "@/lib/server/leaderboard";
import { route } from "@/lib/server/http";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public" }, async () => {
  return Response.json({ benchmarks: await listBenchmarks(await getDb()) });
});

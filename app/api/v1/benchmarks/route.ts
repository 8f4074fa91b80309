// GET /api/v1/benchmarks – benchmarks with their tasks and current releases
import { getDb } from "@/lib/server/db";
import { listBenchmarks } from "@/lib/server/leaderboard";
import { respond, route } from "@/lib/server/http";
import { BenchmarkList } from "@/lib/contracts/leaderboards";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public" }, async () => {
  return respond(BenchmarkList, { benchmarks: await listBenchmarks(await getDb()) });
});

// What a snapshot costs (issue 48): on the database of DATABASE_URL (a kept bench database with
// ~1,000 submissions on BouncerBench Input, e.g. BENCH_DB's), one snapshot of the release as it
// stands (cold: every submission's predictions part written, or found), then one upload and the
// snapshot after it — its worker time and the storage it added (new objects plus its manifest).
// Run by `npm run bench` (phase "snapcost") or alone:
//   DATABASE_URL=postgresql://…/snapbench npx tsx scripts/bench-snapshot.ts
import { getDb } from "@/lib/server/db";
import { buildSnapshot } from "@/lib/server/snapshots";
import { submitPredictions } from "@/lib/server/submissions";

const mb = (n: number) => `${(n / 1048576).toFixed(2)} MB`;

/** Bytes written since `since`: new objects, and the manifests of snapshots made since. */
async function writtenSince(db: Awaited<ReturnType<typeof getDb>>, since: Date) {
  const [o] = await db.$queryRawUnsafe<{ n: bigint; bytes: bigint }[]>(
    `SELECT count(*) AS n, coalesce(sum(size), 0)::bigint AS bytes FROM snapshot_objects WHERE created_at >= $1`,
    since,
  );
  const [m] = await db.$queryRawUnsafe<{ bytes: bigint }[]>(
    `SELECT coalesce(sum(length(manifest)), 0)::bigint AS bytes FROM snapshots WHERE created_at >= $1`,
    since,
  );
  return { objects: Number(o.n), bytes: Number(o.bytes) + Number(m.bytes) };
}

/** Runs the measurement; returns the lines it printed. */
export async function snapshotCost(): Promise<[string, string][]> {
  const db = await getDb();
  const task = await db.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/input" } });
  const rel = await db.release.findFirstOrThrow({ where: { taskId: task.id, status: "published", hidden: false } });
  const subs = await db.score.count({ where: { releaseId: rel.id } });
  const out: [string, string][] = [];
  let since = new Date();
  let t = performance.now();
  await buildSnapshot(db, rel.id, "admin");
  const cold = { ms: performance.now() - t, ...(await writtenSince(db, since)) };
  out.push([
    `snapshot of BouncerBench Input (${subs} scores × ${rel.instanceCount} instances), as it stands`,
    `${(cold.ms / 1000).toFixed(2)} s, ${cold.objects} new objects, ${mb(cold.bytes)} new storage`,
  ]);
  // one upload: a team's file of its own
  const team = await db.team.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
  const ids = (await db.instance.findMany({ where: { releaseId: rel.id }, select: { externalId: true } })).map(
    (i) => i.externalId,
  );
  const seed = Date.now() % 9973;
  const text = JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: (i * 31 + seed) % 7 < 3 }])));
  const up = await submitPredictions(db, {
    task: "bouncerbench/input",
    text,
    fileName: "bench.json",
    teamId: team.id,
    userId: null,
    dryRun: false,
    model: `snapcost-${seed}`,
    visibility: "public",
  } as never);
  since = new Date();
  t = performance.now();
  const r = await buildSnapshot(db, rel.id, "changed");
  const warm = { ms: performance.now() - t, ...(await writtenSince(db, since)) };
  out.push([
    `snapshot after one upload (${up.id}), rank intervals recomputed first`,
    `${(warm.ms / 1000).toFixed(2)} s of worker time, ${warm.objects} new objects, ${mb(warm.bytes)} new storage (snapshot ${r.id.slice(0, 12)}…, created ${r.created})`,
  ]);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [k, v] of await snapshotCost()) console.log(`[bench] ${k}: ${v}`);
  process.exit(0);
}

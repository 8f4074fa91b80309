// Benchmark: upload → validate → score → store of a ~100 MB prediction file through the real
// route handler (streamed multipart, one transaction), against a ~1 MB file of the same shape.
// Prints wall time, throughput and peak RSS; speed is reported as a ratio in one run.
//   npx tsx scripts/bench-upload.ts [MB]        (DATABASE_URL for PostgreSQL, else PGlite)
import crypto from "node:crypto";
import fs from "node:fs";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { closeDatabase, getDatabase } from "@/lib/server/db";
import { startUp } from "@/lib/server/setup";
import { createApiToken, ensureTeam } from "@/lib/server/auth";

const targetMb = Number(process.argv[2] ?? 100);
process.env.DATA_DIR ??= fs.mkdtempSync("/tmp/lb-bench-");
process.env.SEED = "1";

function file(ids: string[], mb: number): string {
  const traceLen = Math.max(10, Math.floor((mb * 1024 * 1024) / ids.length) - 80);
  const filler = "x".repeat(traceLen);
  return JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: i % 3 === 0, trace: filler }])));
}

async function post(token: string, text: string, model: string) {
  const fd = new FormData();
  fd.set("model", model);
  fd.set("file", new Blob([text], { type: "application/json" }), "bench.json");
  const req = new Request("http://localhost/api/v1/tasks/bouncerbench/input/submissions", {
    method: "POST",
    body: fd,
    headers: { authorization: `Bearer ${token}` },
  });
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const res = await submit(req, { params: Promise.resolve({ benchmark: "bouncerbench", task: "input" }) });
  const ms = performance.now() - t0;
  clearInterval(timer);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return { ms, peakMb: peak / 1048576 };
}

const db = await getDatabase();
await startUp(db, { log: () => undefined });
const team = await ensureTeam(db.prisma, `bench-${crypto.randomBytes(3).toString("hex")}`);
const { token } = await createApiToken(db.prisma, { teamId: team.id });
const rel = await db.prisma.release.findFirstOrThrow({
  where: { version: "1.0", task: { fullSlug: "bouncerbench/input" } },
});
const ids = (await db.prisma.instance.findMany({ where: { releaseId: rel.id }, select: { externalId: true } })).map(
  (i) => i.externalId,
);

const small = file(ids, 1);
const big = file(ids, targetMb);
await post(token, small, "warm-up");
const s = await post(token, small, "small");
const b = await post(token, big, "big");
const mb = (t: string) => Buffer.byteLength(t) / 1048576;
console.log(`database: PostgreSQL`);
console.log(`small: ${mb(small).toFixed(1)} MB in ${s.ms.toFixed(0)} ms`);
console.log(
  `big:   ${mb(big).toFixed(1)} MB in ${b.ms.toFixed(0)} ms (${(mb(big) / (b.ms / 1000)).toFixed(1)} MB/s), peak RSS ${b.peakMb.toFixed(0)} MB`,
);
console.log(`ratio big/small time: ${(b.ms / s.ms).toFixed(1)}× for ${(mb(big) / mb(small)).toFixed(0)}× the bytes`);
await closeDatabase();

// Benchmark: upload → validate → score → store of a ~100 MB prediction file through the real
// route handler (streamed multipart, one transaction), against a ~1 MB file of the same shape.
// Prints wall time, throughput and peak RSS; speed is reported as a ratio in one run.
//   npx tsx scripts/bench-upload.ts [MB]        (DATABASE_URL of a scratch database, else the embedded one)
// With `stream`, the stream phase of `npm run bench` (scripts/bench-stream.ts) through the same
// route handler in this process, with no HTTP server or Next.js build: BENCH_STREAM_UPLOADS (300)
// valid 1,699-row uploads from BENCH_STREAM_CLIENTS (4) clients (teams), p50 / p99 / max.
//   npx tsx scripts/bench-upload.ts stream
import crypto from "node:crypto";
import fs from "node:fs";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { closeDatabase, getDatabase } from "@/lib/server/db";
import { startUp } from "@/lib/server/setup";
import { createApiToken, ensureTeam } from "@/lib/server/auth";
import { closeScoringPool, warmScoringPool } from "@/lib/server/submissions";
import { describeStream, streamSize, streamUploads } from "./bench-stream";

const stream = process.argv[2] === "stream";
const targetMb = stream ? 0 : Number(process.argv[2] ?? 100);
process.env.DATA_DIR ??= fs.mkdtempSync("/tmp/lb-bench-");
process.env.SEED = "1";
if (stream) {
  // four teams send 75 files each as fast as they are scored: lift the per-team rate limit and quota
  process.env.RATE_UPLOADS_TEAM ??= "1000000";
  process.env.QUOTA_PUBLIC_PER_DAY ??= "1000000";
}

function file(ids: string[], mb: number): string {
  const traceLen = Math.max(10, Math.floor((mb * 1024 * 1024) / ids.length) - 80);
  const filler = "x".repeat(traceLen);
  return JSON.stringify(Object.fromEntries(ids.map((id, i) => [id, { input_bounce: i % 3 === 0, trace: filler }])));
}

function request(token: string, text: string, model: string): Request {
  const fd = new FormData();
  fd.set("model", model);
  fd.set("file", new Blob([text], { type: "application/json" }), "bench.json");
  return new Request("http://localhost/api/v1/tasks/bouncerbench/input/submissions", {
    method: "POST",
    body: fd,
    headers: { authorization: `Bearer ${token}` },
  });
}

const params = { params: Promise.resolve({ benchmark: "bouncerbench", task: "input" }) };

async function post(token: string, text: string, model: string) {
  const req = request(token, text, model);
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const res = await submit(req, params);
  const ms = performance.now() - t0;
  clearInterval(timer);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return { ms, peakMb: peak / 1048576 };
}

const db = await getDatabase();
await startUp(db, { log: () => undefined });
// as the web process does when it starts (instrumentation.ts)
if (stream) await warmScoringPool();
const team = await ensureTeam(db.prisma, `bench-${crypto.randomBytes(3).toString("hex")}`);
const { token } = await createApiToken(db.prisma, { teamId: team.id });
const rel = await db.prisma.release.findFirstOrThrow({
  where: { version: "1.0", task: { fullSlug: "bouncerbench/input" } },
});
const ids = (await db.prisma.instance.findMany({ where: { releaseId: rel.id }, select: { externalId: true } })).map(
  (i) => i.externalId,
);

if (stream) await streamPhase();
else await sizePhase();
await closeScoringPool();
await closeDatabase();

async function sizePhase() {
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
}

/** Valid files of the release's instances, a different one for each seed (no byte-identical re-upload). */
function validFile(seed: number): string {
  let x = Math.imul(seed + 1, 2654435761) >>> 0;
  const rnd = () => (x = (x * 1103515245 + 12345) >>> 0) / 4294967296;
  return JSON.stringify(
    Object.fromEntries(ids.map((id) => [id, { input_bounce: rnd() < 0.3, score: Math.round(rnd() * 1000) / 1000 }])),
  );
}

async function streamPhase() {
  const { uploads, clients } = streamSize();
  const run = crypto.randomBytes(3).toString("hex");
  const tokens: string[] = [];
  for (let c = 0; c < clients; c++) {
    const t = await ensureTeam(db.prisma, `stream-${run}-${c}`);
    tokens.push((await createApiToken(db.prisma, { teamId: t.id })).token);
  }
  const figures = await streamUploads(uploads, clients, async (i, client) => {
    const res = await submit(request(tokens[client], validFile(i), `stream-${run}-${i}`), params);
    const text = await res.text();
    if (res.status >= 300) console.log(`[bench] stream: upload ${i} answered ${res.status}: ${text.slice(0, 200)}`);
    return res.status;
  });
  const [what, result] = describeStream(figures, clients);
  console.log(`${what} (in one process: route handler, no HTTP server)\n  ${result}`);
}

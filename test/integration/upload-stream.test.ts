// Issue 46, through the real upload route, the real scoring thread and a real PostgreSQL: four
// clients (four teams; one sends dry runs) send 1,699-row files back to back to a scoring pool
// readied as the web process readies it when it starts. Every upload is
// answered 2xx, scored in the order it reached the scoring queue (none overtaken), and leaves one
// log line (id, task, bytes, queue wait, scoring time, status) and a sample in the queue-wait
// histogram of /metrics.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { log, metrics } from "@/lib/server/observability";
import { closeScoringPool, scoringPoolStats, warmScoringPool } from "@/lib/server/submissions";
import { gptVariant, uploadInput } from "../helpers/bouncer";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";

const CLIENTS = 4;
const EACH = 6;
let db: TestDatabase;
const tokens: string[] = [];

beforeAll(async () => {
  db = await seededTestDatabase();
  for (let c = 0; c < CLIENTS; c++) tokens.push(await teamToken(db, `stream-${c}`));
  // as instrumentation.ts does: the thread is started, connected and has read the releases' instances
  await warmScoringPool();
  expect(await scoringPoolStats()).toEqual({ threads: 1, running: 0, queued: 0 });
});
afterAll(async () => {
  await closeScoringPool();
  await db?.drop();
});

interface Line {
  event: string;
  submissionId: string | null;
  task: string;
  bytes: number;
  path: string;
  dryRun: boolean;
  queueWaitMs: number | null;
  scoringMs: number | null;
  status: number;
  refused: string | null;
  arrived: number | null;
  started: number | null;
  ahead: number | null;
}

describe("a steady stream of uploads from several clients", () => {
  it("answers every one 2xx, scores them first come first served, and logs one line each", async () => {
    const info = vi.spyOn(log, "info");
    const answers: { client: number; status: number; id: string | null; bytes: number; dryRun: boolean }[] = [];
    await Promise.all(
      tokens.map(async (token, client) => {
        const dryRun = client === CLIENTS - 1;
        for (let i = 0; i < EACH; i++) {
          const text = gptVariant(7 + i, client);
          const fields: Record<string, string> = { model: `stream-${client}-${i}` };
          if (dryRun) fields.dry_run = "true";
          const a = await uploadInput(token, text, fields);
          answers.push({ client, status: a.status, id: a.body.id ?? null, bytes: Buffer.byteLength(text), dryRun });
        }
      }),
    );
    const lines = info.mock.calls.map((c) => c[0] as unknown as Line).filter((l) => l?.event === "upload");
    info.mockRestore();

    expect(answers.map((a) => a.status)).toEqual(answers.map((a) => (a.dryRun ? 200 : 201)));
    expect(lines).toHaveLength(CLIENTS * EACH);
    for (const a of answers.filter((x) => !x.dryRun)) {
      expect(lines.find((l) => l.submissionId === a.id)).toMatchObject({
        task: "bouncerbench/input",
        path: "thread",
        bytes: a.bytes,
        status: 201,
        dryRun: false,
        refused: null,
      });
    }
    const dry = lines.filter((l) => l.dryRun);
    expect(dry).toHaveLength(EACH);
    for (const l of dry) expect(l).toMatchObject({ submissionId: null, status: 200 });
    for (const l of lines) {
      expect(l.queueWaitMs).toBeGreaterThanOrEqual(0);
      expect(l.scoringMs).toBeGreaterThan(0);
    }
    // first come, first scored: the n-th task to reach the queue is the n-th to start (the
    // warm-up was the first of all)
    const byStart = [...lines].sort((a, b) => a.started! - b.started!);
    expect(byStart.map((l) => l.arrived)).toEqual(byStart.map((_, i) => i + 2));
    expect(byStart.map((l) => l.started)).toEqual(byStart.map((_, i) => i + 2));
    // the uploads did queue behind one another (a stream that never waited would prove nothing)
    expect(Math.max(...lines.map((l) => l.ahead!))).toBeGreaterThan(0);

    const text = await metrics().registry.metrics();
    expect(text).toContain(`scoring_queue_wait_seconds_count{outcome="started"} ${CLIENTS * EACH}`);
    expect(text).toContain(`scoring_run_seconds_count{status="201"} ${(CLIENTS - 1) * EACH}`);
    expect(text).toContain(`scoring_run_seconds_count{status="200"} ${EACH}`);
  });
});

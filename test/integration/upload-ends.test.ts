// Every upload ends (issue 30): a body that stalls, is cut, or runs past the limit without a
// Content-Length is answered within the body limits — in memory (small files) and while it is
// being stored for a worker (large ones) — and leaves no row, chunk or quota slot behind.
// Before the fix the handler waited forever on busboy's file stream once the body failed.
// (e2e/uploads-end.spec.ts sends the same shapes over real sockets to a running app.)
import type { TestDatabase } from "../helpers/seeded";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unhandledRejections } from "../helpers/rejections";

// read once by lib/env.ts, on first use: set before any handler runs
process.env.MAX_UPLOAD_BYTES = String(1 << 20);
process.env.ASYNC_UPLOAD_BYTES = String(64 * 1024);
process.env.BODY_IDLE_SECONDS = "0.5";
process.env.BODY_WINDOW_SECONDS = "1";
process.env.UPLOAD_MEMORY_TEAM_MB = "0.1";

const { POST: submit } = await import("@/app/api/v1/tasks/[benchmark]/[task]/submissions/route");
const { createApiToken, ensureTeam } = await import("@/lib/server/auth");
const { seededTestDatabase, teamToken } = await import("../helpers/seeded");
const { ctx, multipartRequest } = await import("../helpers/requests");
const { uploadMemoryHeld } = await import("@/lib/server/limits");

let db: TestDatabase;
let token: string;
let teamId: string;
const rejections = unhandledRejections();

beforeAll(async () => {
  db = await seededTestDatabase();
  teamId = (await ensureTeam(db.prisma, "enders")).id;
  token = (await createApiToken(db.prisma, { teamId })).token;
});
afterAll(async () => {
  await db?.drop();
});

const ids = Object.keys(
  JSON.parse(fs.readFileSync("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json", "utf8")) as object,
).slice(0, 20);

/** A predictions file of about `bytes` bytes (long traces), valid for bouncerbench/input. */
function file(bytes: number): string {
  const per = Math.ceil(bytes / ids.length);
  return JSON.stringify(
    Object.fromEntries(ids.map((id, i) => [id, { input_bounce: i % 2 === 0, trace: "t".repeat(per) }])),
  );
}

type Ending = "stall" | "cut" | "endless";

/**
 * The multipart upload of `text`, of which only the first `sendBytes` arrive; then the body stalls
 * (never another byte), is cut (the stream errors, as when the client's connection drops), or
 * — "endless" — goes on with more file bytes for ever, without a declared length.
 */
async function upload(text: string, sendBytes: number, ending: Ending): Promise<Request> {
  const full = multipartRequest(
    "/api/v1/tasks/bouncerbench/input/submissions",
    { model: `ender-${ending}-${sendBytes}` },
    { name: "preds.json", text },
    token,
  );
  const bytes = new Uint8Array(await full.arrayBuffer());
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (at < sendBytes) {
        c.enqueue(bytes.subarray(at, Math.min(sendBytes, (at += 16 * 1024))));
        return;
      }
      if (ending === "cut") return c.error(new Error("aborted"));
      if (ending === "endless") return c.enqueue(new Uint8Array(64 * 1024).fill(120));
      await new Promise(() => undefined);
    },
  });
  const headers = new Headers(full.headers);
  headers.delete("content-length");
  return new Request(full.url, { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

async function leftovers() {
  const [r] = await db.query<{ subs: string; chunks: string }>(
    `SELECT (SELECT count(*) FROM submissions WHERE team_id = $1)::text AS subs,
            (SELECT count(*) FROM upload_chunks)::text AS chunks`,
    [teamId],
  );
  return { submissions: Number(r.subs), chunks: Number(r.chunks) };
}

async function send(req: Request) {
  const t0 = Date.now();
  const res = await submit(req, ctx({ benchmark: "bouncerbench", task: "input" }));
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return { status: res.status, code: body.error?.code, message: body.error?.message, ms: Date.now() - t0, res };
}

describe("a body that fails is answered at once and leaves nothing", () => {
  const cases: [string, number, number, Ending, number, string][] = [
    // name, file size, bytes sent, ending, status, code
    ["a small file that stalls", 40_000, 20_000, "stall", 408, "request_timeout"],
    ["a small file that is cut", 40_000, 20_000, "cut", 400, "bad_request"],
    ["a large file that stalls while it is stored", 400_000, 200_000, "stall", 408, "request_timeout"],
    ["a large file that is cut while it is stored", 400_000, 200_000, "cut", 400, "bad_request"],
    ["a body without a length that goes on past the limit", 400_000, 200_000, "endless", 413, "payload_too_large"],
  ];
  for (const [name, size, sent, ending, status, code] of cases) {
    it(name, async () => {
      const r = await send(await upload(file(size), sent, ending));
      expect(r.status, r.message).toBe(status);
      expect(r.code).toBe(code);
      // stalls: within the idle limit (0.5 s) and a margin; the rest at once
      expect(r.ms).toBeLessThan(ending === "stall" ? 3000 : 2000);
      if (status !== 400) expect(r.res.headers.get("connection")).toBe("close");
      // nothing stays: no row (so no quota slot), no chunk, no memory held
      expect(await leftovers()).toEqual({ submissions: 0, chunks: 0 });
      expect(uploadMemoryHeld()).toEqual({ total: 0, teams: 0 });
    });
  }
  it("no unhandled rejection was left behind", async () => {
    await new Promise((r) => setTimeout(r, 100));
    expect(rejections).toEqual([]);
  });
});

describe("what one team holds in memory", () => {
  it("past UPLOAD_MEMORY_TEAM_MB, the team's next upload is refused (429, Retry-After, closed); another team's is not", async () => {
    // the budget is 0.1 MB: a stalled upload holds 60 KB, so a second one of the team passes it
    const first = send(await upload(file(60_000), 60_000, "stall"));
    for (let i = 0; i < 100 && uploadMemoryHeld().total < 59_000; i++) await new Promise((r) => setTimeout(r, 10));
    expect(uploadMemoryHeld().total).toBeGreaterThanOrEqual(59_000);
    const second = await send(await upload(file(60_000), 60_000, "stall"));
    expect(second.status, second.message).toBe(429);
    expect(second.code).toBe("rate_limited");
    expect(second.res.headers.get("retry-after")).toBe("5");
    expect(second.res.headers.get("connection")).toBe("close");
    expect(second.ms).toBeLessThan(1000);
    // another team is not held back by this one
    const other = await teamToken(db, "others");
    const req = multipartRequest(
      "/api/v1/tasks/bouncerbench/input/submissions",
      { model: "other-team", dry_run: "true" },
      { name: "p.json", text: JSON.stringify({ "astropy__astropy-12907": { input_bounce: true } }) },
      other,
    );
    const theirs = await send(req);
    expect(theirs.status, theirs.message).toBe(200);
    expect((await first).status).toBe(408);
    expect(uploadMemoryHeld()).toEqual({ total: 0, teams: 0 });
    expect(await leftovers()).toEqual({ submissions: 0, chunks: 0 });
  });
});

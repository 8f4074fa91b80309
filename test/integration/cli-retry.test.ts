// The CLI sends an upload again when the server is busy (503) or has too many of the team's at
// once (429), after the Retry-After it names, at most 5 tries in all; a used-up quota, or any
// other refusal, ends it at once. Against a real HTTP server that answers as the app does.
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: http.Server;
let url = "";
/** The answers to give, in order (the last one repeats), and the uploads received. */
let answers: { status: number; code: string; retryAfter?: string }[] = [];
let received: number[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (!req.url?.endsWith("/submissions")) return void res.writeHead(404).end();
      received.push(Date.now());
      const a = answers[Math.min(received.length - 1, answers.length - 1)];
      res.writeHead(a.status, {
        "content-type": "application/json",
        ...(a.retryAfter ? { "retry-after": a.retryAfter } : {}),
      });
      res.end(JSON.stringify({ error: { code: a.code, message: `answer ${received.length}: ${a.code}` } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Runs `cli submit` (asynchronously: the server above answers in this process). */
function submit(): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/cli.ts",
        "submit",
        "--task",
        "bouncerbench/input",
        "--model",
        "retry-model",
        "prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json",
      ],
      { env: { ...process.env, LEADERBOARD_URL: url, LEADERBOARD_TOKEN: "lbt_test" } },
    );
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.stdout.resume();
    child.on("exit", (code) => resolve({ code, err }));
  });
}

describe("cli submit against a busy server", () => {
  it("waits Retry-After and sends again, 5 tries in all, then reports the server's word", async () => {
    answers = [{ status: 503, code: "busy", retryAfter: "1" }];
    received = [];
    const r = await submit();
    expect(r.code).toBe(1);
    expect(received).toHaveLength(5);
    // each try came after the wait named
    for (let i = 1; i < received.length; i++) expect(received[i] - received[i - 1]).toBeGreaterThanOrEqual(950);
    expect(r.err.match(/sending again in 1 s/g)).toHaveLength(4);
    expect(r.err).toMatch(/try 5 of 5/);
    expect(r.err).toMatch(/error \(HTTP 503\): answer 5: busy/);
  });
  it("a 429 of too many at once is waited out; the answer after it is the one reported", async () => {
    answers = [
      { status: 429, code: "rate_limited", retryAfter: "1" },
      { status: 422, code: "validation_failed" },
    ];
    received = [];
    const r = await submit();
    expect(received).toHaveLength(2);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/error \(HTTP 422\): answer 2: validation_failed/);
  });
  it("a used-up quota, or a wait over a minute, is not waited for", async () => {
    answers = [{ status: 429, code: "quota_exceeded", retryAfter: "1" }];
    received = [];
    expect((await submit()).code).toBe(1);
    expect(received).toHaveLength(1);
    answers = [{ status: 503, code: "busy", retryAfter: "600" }];
    received = [];
    expect((await submit()).code).toBe(1);
    expect(received).toHaveLength(1);
  });
});

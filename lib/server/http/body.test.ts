import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkDeclaredLength, guardedBody, readGuarded } from "./body";
import { isConnectionError } from "@/lib/server/db";

/** A body that yields these chunks, waiting `gaps[i]` ms before each. */
function slowBody(chunks: string[], gaps: number[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    async pull(c) {
      if (i >= chunks.length) return c.close();
      await new Promise((r) => setTimeout(r, gaps[i] ?? 0));
      c.enqueue(new TextEncoder().encode(chunks[i++]));
    },
  });
}

async function drain(body: ReadableStream<Uint8Array>, opts: Parameters<typeof guardedBody>[1]) {
  let n = 0;
  for await (const c of guardedBody(body, opts)) n += c.byteLength;
  return n;
}

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "ok";
  } catch (e) {
    return e instanceof AppError ? `${e.code}:${e.headers?.connection ?? ""}` : String(e);
  }
}

describe("request bodies under limits", () => {
  it("a declared length over the limit is refused before reading", () => {
    const req = new Request("http://x/", { method: "POST", body: "x", headers: { "content-length": "2000" } });
    expect(() => checkDeclaredLength(req, 1000)).toThrow(/larger than/);
    expect(() =>
      checkDeclaredLength(
        new Request("http://x/", { method: "POST", body: "x", headers: { "content-length": "999" } }),
        1000,
      ),
    ).not.toThrow();
  });
  it("a body that passes the limit is cut there (413, connection closed)", async () => {
    expect(await code(drain(slowBody(["aaaa", "bbbb", "cccc"], [0, 0, 0]), { maxBytes: 10 }))).toBe(
      "payload_too_large:close",
    );
    expect(await drain(slowBody(["aaaa", "bbbb"], [0, 0]), { maxBytes: 10 })).toBe(8);
  });
  it("a body that stops arriving times out (408)", async () => {
    expect(await code(drain(slowBody(["a", "b"], [0, 300]), { maxBytes: 100, idleMs: 100 }))).toBe(
      "request_timeout:close",
    );
  });
  it("a trickle slower than the minimum per window times out within the window, though no single wait is idle", async () => {
    const t0 = Date.now();
    const p = drain(slowBody(Array(50).fill("x"), Array(50).fill(40)), {
      maxBytes: 1000,
      idleMs: 1000,
      windowMs: 300,
      minBytesPerWindow: 100,
    });
    expect(await code(p)).toBe("request_timeout:close");
    expect(Date.now() - t0).toBeLessThan(600);
  });
  it("a body that brings its minimum in every window passes, however long it takes", async () => {
    expect(
      await drain(slowBody(Array(12).fill("x".repeat(50)), Array(12).fill(40)), {
        maxBytes: 10_000,
        idleMs: 1000,
        windowMs: 200,
        minBytesPerWindow: 100,
      }),
    ).toBe(600);
  });
  it("readGuarded returns the bytes", async () => {
    const req = new Request("http://x/", { method: "POST", body: '{"a":1}' });
    expect(new TextDecoder().decode(await readGuarded(req, { maxBytes: 100 }))).toBe('{"a":1}');
  });
});

describe("connection errors", () => {
  it("are told apart from other errors, through causes", () => {
    expect(
      isConnectionError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(
      isConnectionError(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    expect(isConnectionError(new Error("wrapped", { cause: { kind: "DatabaseNotReachable" } }))).toBe(true);
    expect(isConnectionError(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(true);
    expect(
      isConnectionError(Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" })),
    ).toBe(false);
    expect(isConnectionError(new Error("boom"))).toBe(false);
  });
});

// The 413 paths: an upload or a release import past MAX_UPLOAD_BYTES is refused with a clear
// message, stores nothing, and leaves no unhandled promise rejection behind (a busboy stream
// that hits its limit long before the request ends).
import type { TestDatabase } from "../helpers/seeded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unhandledRejections } from "../helpers/rejections";

// read once by lib/env.ts, on first use: set before any handler runs
process.env.MAX_UPLOAD_BYTES = "4096";

const { POST: submit } = await import("@/app/api/v1/tasks/[benchmark]/[task]/submissions/route");
const { POST: importRoute } = await import("@/app/api/v1/admin/releases/route");
const { countRows } = await import("../helpers/db");
const { seededWithTokens } = await import("../helpers/seeded");
const { ctx, multipartRequest } = await import("../helpers/requests");

let db: TestDatabase;
let member: string;
let admin: string;
const rejections = unhandledRejections();

beforeAll(async () => void ({ db, admin, member } = await seededWithTokens("big")));
afterAll(async () => {
  await db?.drop();
});

/** The same multipart request, its body arriving 1 KB at a time (as from a slow client). */
async function trickle(req: Request): Promise<Request> {
  const bytes = new Uint8Array(await req.arrayBuffer());
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      await new Promise((r) => setTimeout(r, 2));
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.subarray(at, (at += 1024)));
    },
  });
  return new Request(req.url, { method: "POST", headers: req.headers, body, duplex: "half" } as RequestInit);
}

const big = JSON.stringify({ "astropy__astropy-12907": { input_bounce: true, trace: "x".repeat(20_000) } });

describe("past MAX_UPLOAD_BYTES", () => {
  it("an upload is 413, names the limit, stores nothing, leaves no unhandled rejection", async () => {
    const before = await countRows(db);
    const res = await submit(
      await trickle(
        multipartRequest(
          "/api/v1/tasks/bouncerbench/input/submissions",
          { model: "big" },
          { name: "big.json", text: big },
          member,
        ),
      ),
      ctx({ benchmark: "bouncerbench", task: "input" }),
    );
    expect(res.status).toBe(413);
    const b = await res.json();
    expect(b.error.code).toBe("payload_too_large");
    expect(b.error.message).toMatch(/big\.json.*larger than/);
    await new Promise((r) => setTimeout(r, 100));
    expect(rejections).toEqual([]);
    expect(await countRows(db)).toEqual(before);
  });
  it("a release import is 413 the same way", async () => {
    const before = await countRows(db);
    const csv =
      "instance_id,underspecified\n" +
      Array.from({ length: 400 }, (_, i) => `inst-${i}-${"y".repeat(20)},2`).join("\n");
    const res = await importRoute(
      await trickle(
        multipartRequest(
          "/api/v1/admin/releases",
          { task: "bouncerbench/input", version: "big-1" },
          { name: "big.csv", text: csv },
          admin,
        ),
      ),
      ctx({}),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
    await new Promise((r) => setTimeout(r, 100));
    expect(rejections).toEqual([]);
    expect(await countRows(db)).toEqual(before);
  });
});

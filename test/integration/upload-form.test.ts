// The upload form without JavaScript posts itself to the upload route: a browser's own form
// navigation (Sec-Fetch-Mode: navigate) is answered with a page by a 303 — the submission's page
// when stored, the upload page with the refusal in a short-lived cookie of that page when not —
// and its empty optional fields are left out as the form with JavaScript leaves them out. Every
// other caller keeps the JSON answer, and an API client's empty field is still refused, named.
// Through the route handler on a real PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readUploadRefusal, UPLOAD_REFUSAL_COOKIE } from "@/lib/server/submissions";
import { OPTIONAL_UPLOAD_FIELDS } from "@/lib/validations/common";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";
import { signedUpMember } from "../helpers/bouncer";
import { readAnswer } from "../helpers/requests";
import { dispatch } from "../helpers/router";

let db: TestDatabase;
let token: string;
const ids = Object.keys(
  JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
);
const URL_ = "/api/v1/tasks/bouncerbench/input/submissions";
const NAVIGATION = { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document", accept: "text/html" };

beforeAll(async () => {
  db = await seededTestDatabase();
  token = (await signedUpMember(db, "plain-form@example.org", "Plain Form Lab")).token;
}, 120_000);
afterAll(async () => db?.drop());

/** The form as a browser sends it: every field, the empty ones as "", the file last. */
function browserForm(model: string, text: string, headers: Record<string, string>): Request {
  const fd = new FormData();
  fd.set("model", model);
  fd.set("visibility", "private");
  for (const k of OPTIONAL_UPLOAD_FIELDS) fd.set(k, "");
  fd.set("file", new Blob([text], { type: "application/json" }), "preds.json");
  return new Request(`http://localhost${URL_}`, {
    method: "POST",
    body: fd,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
}

const good = (k: number) =>
  JSON.stringify(Object.fromEntries(ids.slice(0, 60).map((id, i) => [id, { input_bounce: i % k === 0 }])));

describe("the upload form without JavaScript", () => {
  it("stored: a 303 to the submission's page; its empty optional fields were left out", async () => {
    const r = await readAnswer(await dispatch(browserForm("plain-form-1", good(3), NAVIGATION)));
    expect(r.status).toBe(303);
    const id = /^\/submissions\/([0-9a-f-]{36})$/.exec(r.headers.get("location") ?? "")?.[1];
    expect(id).toBeDefined();
    const sub = await db.prisma.submission.findUniqueOrThrow({ where: { id } });
    expect([sub.model, sub.status, (sub.meta as { run?: unknown }).run]).toEqual(["plain-form-1", "scored", undefined]);
  });

  it("the same form from an API client: JSON, and its empty run is refused, named", async () => {
    const r = await readAnswer(await dispatch(browserForm("plain-form-2", good(5), {})));
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems.map((p: { field: string }) => p.field)).toContain("run");
  });

  it("refused: a 303 back to the upload page, which alone reads the refusal, by its id", async () => {
    const bad = JSON.stringify({ [ids[0]]: { input_bounce: "yes" }, "no-such-instance": { input_bounce: true } });
    const before = await db.prisma.submission.count();
    const r = await dispatch(browserForm("plain-form-3", bad, NAVIGATION));
    expect(r.status).toBe(303);
    const refused = /^\/tasks\/bouncerbench\/input\/submit\?refused=([\w-]+)$/.exec(
      r.headers.get("location") ?? "",
    )?.[1];
    expect(refused).toBeDefined();
    const cookie = r.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      new RegExp(
        `^${UPLOAD_REFUSAL_COOKIE}=[\\w-]+; Path=/tasks/bouncerbench/input/submit; Max-Age=600; HttpOnly; SameSite=Lax`,
      ),
    );
    const value = cookie.split(";")[0].split("=")[1];
    const shown = readUploadRefusal(value, refused);
    expect(shown?.status).toBe(422);
    expect(shown?.problemCount).toBe(2);
    expect(JSON.stringify(shown?.problems)).toContain("no-such-instance");
    // another answer's id, or a value that is not one of ours: nothing is shown
    expect(readUploadRefusal(value, "someone-elses")).toBeNull();
    expect(readUploadRefusal("bm90IGpzb24", refused)).toBeNull();
    expect(await db.prisma.submission.count()).toBe(before);
  });
});

// The changelog filtered by kind of event (issue 49): `?type=entries|releases|moderation` on the
// JSON API, its feed and its page, through the real route on a real PostgreSQL; a type it does not
// know is a 422 that lists the ones it does.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEDGER_EVENTS } from "@/lib/contracts/leaderboards";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiCall, uploadFile } from "../helpers/requests";
import { INPUT_IDS } from "../helpers/bouncer";

let db: TestDatabase;
const TASK = "bouncerbench/input";

beforeAll(async () => {
  db = await seededTestDatabase();
  const token = await teamToken(db, "changelog-team");
  for (const k of [2, 3, 4]) {
    const file = JSON.stringify(Object.fromEntries(INPUT_IDS.map((id, i) => [id, { input_bounce: (i * k) % 7 < 3 }])));
    const a = await uploadFile(TASK, file, { model: `changelog-${k}` }, token);
    expect(a.status, a.text.slice(0, 200)).toBe(201);
  }
  const admin = await teamToken(db, "changelog-admins", { isAdmin: true });
  const lb = await apiCall("GET", `/api/v1/tasks/${TASK}/leaderboard`);
  const row = lb.body.rows.find((r: { model: string }) => r.model === "changelog-2");
  expect(
    (
      await apiCall("POST", `/api/v1/admin/submissions/${row.submissionId}/verify`, {
        token: admin,
        body: { verified: true },
      })
    ).status,
  ).toBeLessThan(300);
});
afterAll(async () => db?.drop());

const kinds = async (type?: string) => {
  const a = await apiCall("GET", `/api/v1/tasks/${TASK}/changelog${type ? `?type=${type}` : ""}`);
  expect(a.status, JSON.stringify(a.body).slice(0, 300)).toBe(200);
  return new Set((a.body.events as { kind: string }[]).map((e) => e.kind));
};

describe("the changelog by kind of event", () => {
  it("everything by default; each filter only its own kinds", async () => {
    const all = await kinds();
    expect(all).toContain("submission.public");
    expect(all).toContain("release.publish");
    expect(all).toContain("submission.verify");
    expect([...(await kinds("entries"))]).toEqual(["submission.public"]);
    const releases = await kinds("releases");
    expect(releases.size).toBeGreaterThan(0);
    for (const k of releases) expect(k).toMatch(/^release\./);
    const ledger = await kinds("moderation");
    expect(ledger).toContain("submission.verify");
    for (const k of ledger) expect(LEDGER_EVENTS as readonly string[]).toContain(k);
  });

  it("the feed filters the same; an unknown type is a 422 naming the known ones", async () => {
    const feed = await apiCall("GET", `/api/v1/tasks/${TASK}/changelog?format=atom&type=entries`);
    expect(feed.status).toBe(200);
    expect(feed.text).toContain('<category term="submission.public"/>');
    expect(feed.text).not.toContain('<category term="release.publish"/>');
    const bad = await apiCall("GET", `/api/v1/tasks/${TASK}/changelog?type=gossip`);
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toMatch(/entries/);
  });
});

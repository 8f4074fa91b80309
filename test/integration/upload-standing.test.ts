// After an upload (issue 49, item 5): the answer names the best other system on the board, its
// score and the gap to it in the metric's direction — read from the same board the page shows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLeaderboard } from "@/lib/server/leaderboard";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { uploadFile } from "../helpers/requests";
import { INPUT_IDS } from "../helpers/bouncer";
import { getTaskOrThrow } from "@/lib/server/tasks";

let db: TestDatabase;
let token = "";
const TASK = "bouncerbench/input";

beforeAll(async () => {
  db = await seededTestDatabase();
  token = await teamToken(db, "standing-team");
});
afterAll(async () => db?.drop());

describe("an upload's standing", () => {
  it("names the best other system, with a link, its score and the signed gap to it", async () => {
    const file = JSON.stringify(Object.fromEntries(INPUT_IDS.map((id, i) => [id, { input_bounce: i % 9 < 2 }])));
    const a = await uploadFile(TASK, file, { model: "standing-model" }, token);
    expect(a.status, a.text.slice(0, 300)).toBe(201);
    const lb = await getLeaderboard(db.prisma, await getTaskOrThrow(db.prisma, TASK), {
      view: "best",
      baselines: false,
    });
    const best = lb.rows.filter((r) => r.rank !== null && r.submissionId !== a.body.id)[0];
    const s = a.body.standing;
    expect(s.leader).toMatchObject({ submissionId: best.submissionId, model: best.model, team: best.team });
    expect(s.leader.value).toBeCloseTo(best.primary!, 12);
    expect(s.leader.gap).toBeCloseTo(s.value - best.primary!, 12);
    expect(s.leader.gap).toBeLessThan(0); // a weak file: behind the best
  });
});

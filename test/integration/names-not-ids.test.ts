// Names, not ids (issue 49, item 4): where an answer refers to another submission — a team's
// byte-identical re-upload (409), a run number already taken (409) — it names it "model by team"
// with the path of its page, and a page shows that path as a link, never the bare id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { ProblemAlert } from "@/components/ui/problem-table";
import { gptVariant as variant, signedUpMember, uploadInput as upload } from "../helpers/bouncer";
import { apiCall } from "../helpers/requests";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";

let db: TestDatabase;
let token: string;
let team: string;

beforeAll(async () => {
  db = await seededTestDatabase();
  const m = await signedUpMember(db, "names-not-ids@example.org", "Naming Lab");
  token = m.token;
  team = m.team.name;
}, 300_000);
afterAll(async () => db?.drop());

/** The message with every `/submissions/{id}` path taken out: what a reader sees as text. */
const withoutPaths = (m: string) => m.replace(/\/submissions\/[0-9a-f-]{36}/g, "");

describe("a 409 names the other submission", () => {
  it("a byte-identical re-upload: 'namer by <team>' and its page, shown as a link", async () => {
    const a = await upload(token, variant(7), { model: "namer" });
    expect(a.status).toBe(201);
    const again = await upload(token, variant(7), { model: "namer-again" });
    expect(again.status).toBe(409);
    const message: string = again.body.error.message;
    expect(message).toContain(`your team's namer by ${team} (/submissions/${a.body.id})`);
    expect(withoutPaths(message)).not.toContain(a.body.id);
    expect(again.body.error.details).toMatchObject({ submissionId: a.body.id });
    const html = renderToStaticMarkup(
      createElement(ProblemAlert, { error: { message, problems: [], problemCount: 0 } }),
    );
    expect(html).toContain(
      `namer by ${team} (<a class="underline" data-testid="named-submission" href="/submissions/${a.body.id}">open it</a>)`,
    );
    // the id is in the link's address only, never in the text
    expect(html.replace(/href="[^"]*"/g, "")).not.toContain(a.body.id);
  });

  it("a run number already taken: names the run's submission by model and team", async () => {
    const one = await upload(token, variant(8), { model: "runner", run: "1" });
    expect(one.status).toBe(201);
    const dup = await upload(token, variant(9), { model: "runner", run: "1" });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toContain(`your team's runner by ${team} (/submissions/${one.body.id})`);
    expect(withoutPaths(dup.body.error.message)).not.toContain(one.body.id);
  });

  it("the admins' activity log names a submission target 'model by team', not by a shortened id", async () => {
    const a = await upload(token, variant(17), { model: "audited" });
    expect(a.status).toBe(201);
    const patch = await apiCall("PATCH", `/api/v1/submissions/${a.body.id}`, {
      token,
      body: { visibility: "private" },
    });
    expect(patch.status).toBe(200);
    const admin = await teamToken(db, "admins", { isAdmin: true });
    const trail = await apiCall("GET", `/api/v1/admin/activity?target=${a.body.id}`, { token: admin });
    expect(trail.status).toBe(200);
    const events = trail.body.events as { target: { type: string; id: string; name: string | null } }[];
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.target).toEqual({ type: "submission", id: a.body.id, name: `audited by ${team}` });
  });
});

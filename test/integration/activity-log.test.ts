// One word, one meaning (issue 51, item 4): the admins' trail of who did what is the "activity
// log" (table activity_events, lib/server/activity, /admin/activity), so "audit" names only the
// integrity audit of uploads. The table was renamed while an old release may still run beside the
// new one (docs/operations.md, "expand, then contract"): its old name stays for one release as a
// view, and the old release's own statements must still work through it. On a real PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listActivity, logActivity } from "@/lib/server/activity";
import { sqlOf } from "@/lib/server/db";
import { createTestDatabase } from "../helpers/db";

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db?.drop());

// the release before the rename wrote and read the log with these statements (e5e8223's
// lib/server/audit/audit.sql.ts and lib/server/releases/changelog.sql.ts), by the old name
const OLD_INSERT = `INSERT INTO audit_events (actor_id, actor, action, target_type, target_id, task_id, team_id, public, before, after)
     VALUES ($1::uuid, $2, $3, $4, $5, $6::uuid, $7::uuid, $8, $9::jsonb, $10::jsonb) RETURNING id::text`;
const OLD_PUBLIC_READ = `SELECT 1 AS one FROM audit_events WHERE id = $1::bigint AND public`;

describe("the activity log under its old name, for one release", () => {
  it("takes the old release's insert: the table's defaults give it an id and a time, and the new code lists it", async () => {
    const [row] = await db.query<{ id: string }>(OLD_INSERT, [
      null,
      "old-release@example.org",
      "token.create",
      "token",
      "lb_old",
      null,
      null,
      true,
      null,
      JSON.stringify({ name: "ci" }),
    ]);
    expect(row.id).toMatch(/^\d+$/);
    const listed = await listActivity(db, { actor: "old-release@", limit: 10 });
    expect(listed.events.map((e) => [e.id, e.action, e.actor, e.after])).toEqual([
      [row.id, "token.create", "old-release@example.org", { name: "ci" }],
    ]);
    expect(Date.now() - Date.parse(listed.events[0].at)).toBeLessThan(60_000);
  });

  it("shows the new code's events to the old release's reads, in one sequence of ids", async () => {
    await logActivity(sqlOf(db), {
      actor: { label: "new-release" },
      action: "team.approve",
      target: { type: "team", id: "t1" },
      public: true,
    });
    const [newest] = await db.query<{ id: string; actor: string }>(
      `SELECT id::text, actor FROM activity_events ORDER BY id DESC LIMIT 1`,
    );
    expect(newest.actor).toBe("new-release");
    expect(await db.query(OLD_PUBLIC_READ, [newest.id])).toEqual([{ one: 1 }]);
    const ids = (await db.query<{ id: string }>(`SELECT id::text FROM audit_events ORDER BY id`)).map((r) => +r.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(ids.length).toBeGreaterThanOrEqual(2);
  });

  it("is the only view, and has exactly the table's columns", async () => {
    const views = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.views WHERE table_schema = 'public'`,
    );
    expect(views.map((v) => v.table_name)).toEqual(["audit_events"]);
    const columns = (t: string) =>
      db.query<{ column_name: string; udt_name: string }>(
        `SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`,
        [t],
      );
    expect(await columns("audit_events")).toEqual(await columns("activity_events"));
    expect((await columns("activity_events")).length).toBe(12);
  });
});

describe('"audit" means the integrity audit only', () => {
  // the code, its tests and fixtures (not the migrations, which are history, nor this file) never
  // call the log an audit; the one exception is the browser test that follows the old addresses'
  // redirects, each named once
  const OLD_NAMES =
    /audit[ _-]?trail|audit_events|AuditEvent\b|lib\/server\/audit\b|\/admin\/audit(?![\w-])|\blistAudit\b/gi;
  const REDIRECT_TEST = "e2e/teams.spec.ts";
  const DIRS = ["app", "lib", "components", "scripts", "packages/cli", "e2e", "test"];
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
      const p = path.join(dir, d.name);
      if (d.isDirectory()) return ["node_modules", "generated", "dist"].includes(d.name) ? [] : walk(p);
      return /\.(ts|tsx|mjs|js|json)$/.test(d.name) ? [p] : [];
    });

  it("no source file names the activity log by its old name, but the redirects of its old addresses", () => {
    const files = DIRS.flatMap(walk).filter((f) => f !== path.join("test", "integration", "activity-log.test.ts"));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((f) => [...fs.readFileSync(f, "utf8").matchAll(OLD_NAMES)].map((m) => `${f}: ${m[0]}`));
    expect(found).toEqual([`${REDIRECT_TEST}: /admin/audit`, `${REDIRECT_TEST}: /admin/audit`]);
    const redirects = fs.readFileSync(REDIRECT_TEST, "utf8");
    expect(redirects).toContain("await admin.goto(`/admin/audit?target=${id}`)");
    expect(redirects).toContain("admin.request.get(`/api/v1/admin/audit?target=${id}`, { maxRedirects: 0 })");
    const config = fs.readFileSync("next.config.js", "utf8");
    expect(config).toContain(`{ source: "/admin/audit", destination: "/admin/activity", permanent: true }`);
    expect(config).toContain(
      `{ source: "/api/v1/admin/audit", destination: "/api/v1/admin/activity", permanent: true }`,
    );
  });
});

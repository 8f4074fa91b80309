// Several machines, one truth (issue 7): two app processes and two workers on one PostgreSQL.
// Uploads go to both apps, a release is published through one: every submission is re-scored
// exactly once, by the workers, and both apps serve the same leaderboard.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { dropDatabase, freshDatabase } from "./databases.mjs";
import { waitHealthy } from "../scripts/wait-healthy.mjs";
import { adminToken, bounceFile, inputIds, jobsSettled, postForm, publishAnnotations, teamToken } from "./helpers";

const server = process.env.DATABASE_URL;
const root = process.cwd();
const procs: ChildProcess[] = [];
let dbUrl = "";
const dbName = `lb_scale_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-scale-"));

test.skip(!server, "needs a PostgreSQL server (DATABASE_URL)");
test.setTimeout(300_000);

function spawnLogged(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", () => undefined);
  child.stderr!.on("data", (d) => process.stderr.write(`[scale-out ${args.at(-1)}] ${d}`));
  procs.push(child);
  return child;
}

function startApp(port: number) {
  spawnLogged([path.join(root, ".build/server/server.mjs"), `:${port}`], {
    PORT: String(port),
    WORKER: "0",
    ADMIN_EMAIL: "admin@scale.test",
    ADMIN_PASSWORD: "scale-admin-password",
    NEXTAUTH_SECRET: "scale-secret-scale-secret-scale-secret",
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
  });
  return `http://127.0.0.1:${port}`;
}

test.beforeAll(async () => {
  dbUrl = await freshDatabase(server!, dbName);
});

test.afterAll(async () => {
  for (const p of procs) p.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await dropDatabase(server!, dbName);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("two apps and two workers: re-scored exactly once, identical leaderboards", async () => {
  // the first app migrates and seeds; the second joins the same database
  const a = startApp(3311);
  await waitHealthy(a);
  const b = startApp(3312);
  await waitHealthy(b);
  for (let i = 0; i < 2; i++)
    spawnLogged([path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/worker.ts")], {
      WORKER_CONCURRENCY: "2",
    });

  const admin = adminToken(dataDir);
  const auth = { authorization: `Bearer ${admin}` };
  const token = await teamToken(b, admin, "scale-out");

  // the cached leaderboard of A: a hit on the second read
  const read = async (base: string, p: string) => {
    const res = await fetch(`${base}${p}`);
    expect(res.status).toBe(200);
    return { cache: res.headers.get("x-leaderboard-cache"), text: await res.text() };
  };
  await read(a, "/tasks/bouncerbench/input");
  expect((await read(a, "/tasks/bouncerbench/input")).cache).toBe("hit");
  expect((await read(a, "/api/v1/tasks/bouncerbench/input/leaderboard")).cache).toMatch(/hit|miss/);
  expect((await read(a, "/api/v1/tasks/bouncerbench/input/leaderboard")).cache).toBe("hit");
  // the home page and the benchmark list: under every task's signature
  const inputCount = async () =>
    (
      JSON.parse((await read(a, "/api/v1/benchmarks")).text) as {
        benchmarks: { tasks: { slug: string; submissions: number }[] }[];
      }
    ).benchmarks
      .flatMap((x) => x.tasks)
      .find((t) => t.slug === "bouncerbench/input")!.submissions;
  const homeBefore = await read(a, "/");
  expect((await read(a, "/")).cache).toBe("hit");
  const countBefore = await inputCount();
  expect((await read(a, "/api/v1/benchmarks")).cache).toBe("hit");
  await read(a, "/tasks/bouncerbench/input/changelog");
  expect((await read(a, "/tasks/bouncerbench/input/changelog")).cache).toBe("hit");

  const ids = inputIds();
  const uploads = await Promise.all(
    [0, 1, 2, 3, 4, 5].map(async (k) => {
      const res = await postForm({
        base: k % 2 ? b : a,
        headers: { authorization: `Bearer ${token}` },
        fields: { model: `scale-${k}` },
        file: bounceFile(ids, (i) => (i * (k + 3)) % 7 < 2),
        name: `scale-${k}.json`,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    }),
  );
  expect(new Set(uploads).size).toBe(6);
  // uploads written through B show at once on A, whose cached copies are now stale
  const after = await read(a, "/api/v1/tasks/bouncerbench/input/leaderboard");
  expect(after.cache).toBe("miss");
  for (const id of uploads) expect(after.text).toContain(id);
  expect((await read(a, "/tasks/bouncerbench/input?q=scale-")).text).toContain("scale-3");
  expect(await inputCount()).toBe(countBefore + 6);
  // each public upload is a changelog entry, written with its score
  const changelog = await read(a, "/tasks/bouncerbench/input/changelog");
  expect(changelog.cache).toBe("miss");
  for (const id of uploads) expect(changelog.text).toContain(`/submissions/${id}`);
  const homeAfter = await read(a, "/");
  expect(homeAfter.cache).toBe("miss");
  // (React separates a number from the text after it with <!-- -->)
  const shows = (n: number) => new RegExp(`>${n}(<!-- -->)? public (<!-- -->)?submissions<`);
  expect(homeAfter.text).toMatch(shows(countBefore + 6));
  expect(homeBefore.text).toMatch(shows(countBefore));
  // a scored submission's page and JSON are cached too, and a change made through B shows on A at once.
  // The uploads' follow-up jobs (rank intervals, audits, breakdowns) move the task's signature as
  // they finish — a copy stored before one of them is rightly a miss after it — so the cache's
  // hits are checked once the workers are idle
  await jobsSettled(dbUrl);
  const instancesOf1 = `/api/v1/submissions/${uploads[1]}/instances?outcome=wrong`;
  for (const p of [`/submissions/${uploads[1]}`, `/api/v1/submissions/${uploads[1]}`, instancesOf1]) {
    await read(a, p);
    expect((await read(a, p)).cache).toBe("hit");
  }
  const patch = (body: object) =>
    fetch(`${b}/api/v1/submissions/${uploads[1]}`, {
      method: "PATCH",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await patch({ logsUrl: "https://logs.example.org/scale-1" })).status).toBe(200);
  const page = await read(a, `/submissions/${uploads[1]}`);
  expect(page.cache).toBe("miss");
  expect(page.text).toContain("https://logs.example.org/scale-1");
  expect(JSON.parse((await read(a, `/api/v1/submissions/${uploads[1]}`)).text).logsUrl).toBe(
    "https://logs.example.org/scale-1",
  );
  expect((await patch({ visibility: "private" })).status).toBe(200);
  expect((await fetch(`${a}/submissions/${uploads[1]}`)).status).toBe(404);
  expect((await fetch(`${a}/api/v1/submissions/${uploads[1]}`)).status).toBe(404);
  expect((await fetch(`${a}${instancesOf1}`)).status).toBe(404);
  // its team still reads it (with its token: never from the cache)
  const own = await fetch(`${a}/api/v1/submissions/${uploads[1]}`, { headers: { authorization: `Bearer ${token}` } });
  expect(own.status).toBe(200);
  expect(own.headers.get("x-leaderboard-cache")).toBeNull();
  expect((await patch({ visibility: "public" })).status).toBe(200);
  expect((await read(a, `/submissions/${uploads[1]}`)).cache).toBe("miss");
  // a signed-in reader's page is never served from the cache
  const signedIn = await fetch(`${a}/tasks/bouncerbench/input`, {
    headers: { cookie: "next-auth.session-token=not-a-real-session" },
  });
  expect(signedIn.headers.get("x-leaderboard-cache")).toBeNull();

  // a team's page and JSON are cached for visitors; its new name (through B) and a member added by
  // hand in SQL (triggers move the team's members_version and notify) show on A at once
  for (const p of ["/teams/scale-out", "/api/v1/teams/scale-out"]) {
    await read(a, p);
    expect((await read(a, p)).cache).toBe("hit");
  }
  const rename = await fetch(`${b}/api/v1/teams/scale-out`, {
    method: "PATCH",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ name: "Scale Out Renamed" }),
  });
  expect(rename.status).toBe(200);
  const renamed = await read(a, "/teams/scale-out");
  expect(renamed.cache).toBe("miss");
  expect(renamed.text).toContain("Scale Out Renamed");
  expect((await read(a, "/teams/scale-out")).cache).toBe("hit");
  const sql = new pg.Client({ connectionString: dbUrl });
  await sql.connect();
  await sql.query(
    `WITH u AS (INSERT INTO users (id, email, name) VALUES (gen_random_uuid(), 'newcomer@example.org', 'Newcomer Nguyen') RETURNING id)
     INSERT INTO memberships (user_id, team_id, role) SELECT u.id, t.id, 'member' FROM u, teams t WHERE t.slug = 'scale-out'`,
  );
  await sql.end();
  const joined = await read(a, "/api/v1/teams/scale-out");
  expect(joined.cache).toBe("miss");
  expect(joined.text).toContain("Newcomer Nguyen");
  expect(joined.text).not.toContain("newcomer@example.org");
  expect((await read(a, "/teams/scale-out")).text).toContain("Newcomer Nguyen");

  // the release list, cached on B; an admin's (with a session) is not
  await read(b, "/api/v1/tasks/bouncerbench/input/releases");
  expect((await read(b, "/api/v1/tasks/bouncerbench/input/releases")).cache).toBe("hit");
  await read(b, "/tasks/bouncerbench/input/releases");
  expect((await read(b, "/tasks/bouncerbench/input/releases")).cache).toBe("hit");

  // publish a new release through one app: its re-score runs on the workers
  const job = await publishAnnotations(a, admin, "1.1-scale");
  let state: { status: string; progress: number; total: number; error: string | null } = {
    status: "queued",
    progress: 0,
    total: 0,
    error: null,
  };
  for (let i = 0; i < 240 && state.status !== "done" && state.status !== "failed"; i++) {
    await new Promise((r) => setTimeout(r, 500));
    state = await (await fetch(`${b}/api/v1/jobs/${job.id}`, { headers: auth })).json();
  }
  expect(state.error).toBeNull();
  expect(state.status).toBe("done");
  // published through A: B's cached release list is stale at once
  const releases = await read(b, "/api/v1/tasks/bouncerbench/input/releases");
  expect(releases.cache).toBe("miss");
  expect(releases.text).toContain('"1.1-scale"');
  const releasePage = await read(b, "/tasks/bouncerbench/input/releases");
  expect(releasePage.cache).toBe("miss");
  expect(releasePage.text).toContain("1.1-scale");

  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const subs = Number(
      (
        await c.query(
          `SELECT count(*) FROM submissions s JOIN tasks t ON t.id = s.task_id WHERE t.full_slug = 'bouncerbench/input'`,
        )
      ).rows[0].count,
    );
    const scored = Number(
      (
        await c.query(
          `SELECT count(*) FROM scores sc JOIN releases r ON r.id = sc.release_id WHERE r.version = '1.1-scale'`,
        )
      ).rows[0].count,
    );
    // each part adds its submissions to the progress in the transaction that writes their scores:
    // a part run twice would push progress past the total
    expect(state.total).toBe(subs);
    expect(state.progress).toBe(subs);
    expect(scored).toBe(subs);
    // the re-score's own queue entries are gone (its last part queues the release's snapshot, a
    // tracked job of its own, which may still be waiting)
    const leftovers = Number(
      (
        await c.query(
          `SELECT count(*) FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
            WHERE t.identifier = 'rescore-part' OR (t.identifier = 'tracked' AND j.payload->>'jobId' = $1)`,
          [job.id],
        )
      ).rows[0].count,
    );
    expect(leftovers).toBe(0);
  } finally {
    await c.end();
  }

  // both apps serve the same leaderboard once its rank intervals are written
  type Board = { release: { version: string }; rows: { submissionId: string; significancePending: boolean }[] };
  let boardA: Board = { release: { version: "" }, rows: [] };
  let boardB: Board = boardA;
  for (let i = 0; i < 120; i++) {
    boardA = await (await fetch(`${a}/api/v1/tasks/bouncerbench/input/leaderboard`)).json();
    boardB = await (await fetch(`${b}/api/v1/tasks/bouncerbench/input/leaderboard`)).json();
    if (!boardA.rows.some((r) => r.significancePending) && JSON.stringify(boardA) === JSON.stringify(boardB)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  expect(boardA.release.version).toBe("1.1-scale");
  expect(boardA.rows.some((r) => r.significancePending)).toBe(false);
  expect(boardB).toEqual(boardA);
  for (const id of uploads) expect(boardA.rows.some((r) => r.submissionId === id)).toBe(true);
});

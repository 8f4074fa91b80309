// The CLI against the running app: operator commands go through its API with the admin token
// the app wrote to DATA_DIR/admin-token (the embedded database has one owner).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { adminToken, SEED } from "./helpers";

function cli(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    encoding: "utf8",
    env: {
      ...process.env,
      LEADERBOARD_URL: E2E.baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR!,
      DATABASE_URL: "",
      ...env,
    },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** `leaderboard token create --team <team>`: the new token. */
function newToken(team: string): string {
  const t = cli(["token", "create", "--team", team]);
  expect(t.code, t.err).toBe(0);
  return t.out.trim();
}

/** `leaderboard submit` to BouncerBench Input with a team's token: `model`, other flags, then seed files. */
function submit(token: string, model: string, flags: string[], ...seedFiles: string[]) {
  return cli(
    ["submit", "--task", "bouncerbench/input", "--model", model, ...flags, ...seedFiles.map((f) => path.join(SEED, f))],
    { LEADERBOARD_TOKEN: token },
  );
}

test("token create, submit, score and import-release through the running app", async ({ request }) => {
  const token = newToken("cli-lab");
  expect(token).toMatch(/^lbt_/);

  const s = submit(
    token,
    "cli-bouncer",
    ["--oss", "--meta", "agent=BouncerBench prompt", "--meta", "temperature=0"],
    "input_bouncer_claude-3.7-sonnet.json",
  );
  expect(s.code, s.err).toBe(0);
  const sub = JSON.parse(s.out);
  expect(sub).toMatchObject({ status: "scored", validation: { covered: 1699 } });
  expect(sub.metrics.F_m).toBeCloseTo(0.422144, 6);
  // (a copy of the authors' public claude file: held for review by the integrity audit, its team still reads it)
  expect(sub.audit?.status).toBe("held");
  const page = await request.get(`/api/v1/submissions/${sub.id}`, { headers: { authorization: `Bearer ${token}` } });
  const subJson = await page.json();
  expect(subJson.team.slug).toBe("cli-lab");
  expect(subJson.meta).toEqual({ agent: "BouncerBench prompt", temperature: 0 });
  // --meta sets system metadata only, never another form field
  const notMeta = submit(token, "x", ["--meta", "visibility=private"], "input_bouncer_gpt-4.1.json");
  expect(notMeta.code).not.toBe(0);
  expect(notMeta.err).toContain("not a system metadata field");

  const sc = cli([
    "score",
    "--task",
    "bouncerbench/input",
    "--release",
    "1.1",
    path.join(SEED, "input_bouncer_gpt-4.1.json"),
  ]);
  expect(sc.code, sc.err).toBe(0);
  expect(JSON.parse(sc.out).metrics.F_m).toBeCloseTo(0.50021, 6);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-e2e-"));
  const bad = path.join(dir, "bad.csv");
  fs.writeFileSync(bad, "instance_id,underspecified\nx,9\n");
  const b = cli(["import-release", "--task", "bouncerbench/input", "--version", "cli-draft", bad]);
  expect(b.code).toBe(1);
  expect(b.err).toMatch(/instance x, field underspecified/);
  const good = path.join(dir, "good.csv");
  fs.writeFileSync(good, "instance_id,underspecified\nastropy__astropy-12907,1\n");
  const g = cli(["import-release", "--task", "bouncerbench/input", "--version", "cli-draft", good]);
  expect(g.code, g.err).toBe(0);
  expect(JSON.parse(g.out).release).toMatchObject({ version: "cli-draft", status: "draft", instanceCount: 1 });
});

test("whoami, submissions list and invite through the API", async () => {
  const token = newToken("cli-team-2");
  const w = cli(["whoami"], { LEADERBOARD_TOKEN: token });
  expect(w.code, w.err).toBe(0);
  expect(JSON.parse(w.out)).toMatchObject({
    via: "token",
    admin: false,
    team: "cli-team-2",
    teams: [{ slug: "cli-team-2", role: "member" }],
  });
  const s = submit(token, "cli-private", ["--private"], "input_bouncer_gpt-4.1.json");
  expect(s.code, s.err).toBe(0);
  const list = cli(["submissions", "list"], { LEADERBOARD_TOKEN: token });
  expect(list.code, list.err).toBe(0);
  const l = JSON.parse(list.out);
  expect(l.team).toBe("cli-team-2");
  expect(l.submissions).toEqual([
    expect.objectContaining({ model: "cli-private", visibility: "private", task: "bouncerbench/input" }),
  ]);
  // a member token may not invite; the operator (admin token) may
  const denied = cli(["invite", "--team", "cli-team-2"], { LEADERBOARD_TOKEN: token });
  expect(denied.code).toBe(1);
  expect(denied.err).toMatch(/only owners/);
  const inv = cli(["invite", "--team", "cli-team-2"]);
  expect(inv.code, inv.err).toBe(0);
  expect(JSON.parse(inv.out).url).toMatch(/\/invitations\/lbi_/);
});

test("submit with several files uploads them as numbered runs of one system", async ({ request }) => {
  const token = newToken("cli-runs");
  const bad = submit(token, "x", ["--run", "0"], "input_bouncer_gpt-4.1.json");
  expect(bad.code).toBe(1);
  expect(bad.err).toContain("--run takes a whole number from 1");
  const s = submit(
    token,
    "cli-runs",
    ["--private", "--run", "2"],
    "input_bouncer_gpt-4.1.json",
    "input_bouncer_claude-3.7-sonnet.json",
  );
  expect(s.code, s.err).toBe(0);
  const answers = JSON.parse(s.out) as { id: string; status: string }[];
  expect(answers.map((a) => a.status)).toEqual(["scored", "scored"]);
  const runs = [];
  for (const a of answers) {
    const r = await request.get(`/api/v1/submissions/${a.id}`, { headers: { authorization: `Bearer ${token}` } });
    runs.push((await r.json()).meta.run);
  }
  expect(runs).toEqual([2, 3]);
});

test("verify: a snapshot of the running app's board, checked by URL and by id, kept with --out", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const auth = { authorization: `Bearer ${adminToken()}` };
  const board = (await (await request.get("/api/v1/tasks/bouncerbench/input/leaderboard?limit=1")).json()) as {
    release: { id: string };
  };
  // the snapshot the last re-score queued may still be under way: wait for it, or ask for one
  let job = "";
  const queued = await request.post(`/api/v1/admin/releases/${board.release.id}/snapshots`, { headers: auth });
  if (queued.status() === 202) job = ((await queued.json()) as { job: { id: string } }).job.id;
  else {
    expect(queued.status()).toBe(409);
    job = ((await queued.json()) as { error: { details: { job: string } } }).error.details.job;
  }
  let state = { status: "queued", result: null as { snapshot: string } | null };
  for (let i = 0; i < 240 && state.status !== "done" && state.status !== "failed"; i++) {
    await new Promise((r) => setTimeout(r, 500));
    state = (await (await request.get(`/api/v1/jobs/${job}`, { headers: auth })).json()) as typeof state;
  }
  expect(state.status).toBe("done");
  const id = state.result!.snapshot;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "lb-verify-"));
  const byUrl = cli(["verify", `${E2E.baseURL}/api/v1/snapshots/${id}`, "--out", out]);
  expect(byUrl.code, byUrl.out + byUrl.err).toBe(0);
  expect(byUrl.out).toMatch(/^✓ gpt-4\.1 \(BouncerBench authors\): F_m 0\.5002$/m);
  expect(byUrl.out).toMatch(/verified: every check passed/);
  // the predictions as one gzipped CSV (joined from a part per submission, issue 48), with the signature beside it
  expect(fs.readdirSync(out).sort()).toEqual(expect.arrayContaining(["predictions.csv.gz", "signature.json"]));
  expect(fs.readdirSync(out)).not.toContain("predictions.parquet");
  const byId = cli(["verify", id]);
  expect(byId.code, byId.out + byId.err).toBe(0);
  const local = cli(["verify", out]);
  expect(local.code, local.out + local.err).toBe(0);
  // the frozen board: a banner that says so, the live board a link away, the rows as they were
  const frozen = await (await request.get(`/tasks/bouncerbench/input?snapshot=${id}`)).text();
  expect(frozen).toContain('data-testid="snapshot-banner"');
  expect(frozen).toContain('data-model="gpt-4.1"');
  expect((await request.get(`/tasks/bouncerbench/input?snapshot=${"0".repeat(64)}`)).status()).toBe(404);
  // the board's cite card and the releases page name the newest snapshot (the cache follows it)
  const list = (await (await request.get("/api/v1/tasks/bouncerbench/input/snapshots")).json()) as {
    snapshots: { id: string }[];
  };
  const newest = list.snapshots[0].id;
  expect((await (await request.get("/tasks/bouncerbench/input")).text()).includes(newest.slice(0, 12))).toBe(true);
  expect((await (await request.get("/tasks/bouncerbench/input/releases")).text()).includes(newest.slice(0, 16))).toBe(
    true,
  );
  fs.rmSync(out, { recursive: true, force: true });
});

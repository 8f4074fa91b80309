// The CLI against a real PostgreSQL (direct mode: no app answers at LEADERBOARD_URL).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "@/lib/server/auth";
import { countRows } from "../helpers/db";
import { seededTestDatabase, type TestDatabase } from "../helpers/seeded";

const server = process.env.DATABASE_URL;
let db: TestDatabase;
let tmp: string;

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: db.url, LEADERBOARD_URL: "http://127.0.0.1:9", DATA_DIR: tmp, SEED: "0" },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe.skipIf(!server)("CLI (direct database mode)", () => {
  beforeAll(async () => {
    db = await seededTestDatabase();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lb-cli-"));
  });
  afterAll(async () => {
    await db?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("token create makes the team and prints a working token once", async () => {
    const r = cli(["token", "create", "--team", "cli-team"]);
    expect(r.code, r.err).toBe(0);
    const token = r.out.trim();
    expect(token).toMatch(/^lbt_/);
    const row = await db.prisma.apiToken.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { team: true },
    });
    expect(row?.team.slug).toBe("cli-team");
    expect(row?.isAdmin).toBe(false);
  });

  it("submit needs the team's token: no silent fallback to the admin token", () => {
    const r = cli([
      "submit",
      "--task",
      "bouncerbench/input",
      "--model",
      "x",
      "prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json",
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/set LEADERBOARD_TOKEN/);
  });

  it("score against a stored release version", () => {
    const r = cli([
      "score",
      "--task",
      "bouncerbench/input",
      "--release",
      "1.0",
      "prisma/seed-data/bouncerbench/input_bouncer_claude-3.7-sonnet.json",
    ]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out);
    expect(out.metrics.F_m).toBeCloseTo(0.422144, 6);
    expect(out.coverage).toEqual({ covered: 1699, total: 1699, partial: false });
  });

  it("score warns, and says how many, when CR-Bench comments have no verdict (issue 50)", () => {
    const row = (k: number) => ({
      instance_id: `pr-${k}`,
      repo: "o/r",
      pr_number: k,
      title: "t",
      diff: "d",
      bug_description: "b",
      fix_files: ["a.py"],
      category: "Structural",
      impact: "Reliability",
      severity: "High",
    });
    const release = path.join(tmp, "cr-release.json");
    fs.writeFileSync(release, JSON.stringify([row(1), row(2), row(3)]));
    const c = (judgment?: string) => ({ file: "a.py", line: 3, comment: "x", ...(judgment ? { judgment } : {}) });
    const preds = path.join(tmp, "cr-preds.json");
    const score = (file: Record<string, unknown>) => {
      fs.writeFileSync(preds, JSON.stringify(file));
      return cli(["score", "--task", "cr-bench/review", "--release", release, preds]);
    };
    // 3 comments without a verdict in 2 PRs: each counted as noise, and said so
    const r = score({
      "pr-1": { comments: [c("bug_hit"), c()] },
      "pr-2": { comments: [c(), c()] },
      "pr-3": { comments: [c("noise")] },
    });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/warning: 3 comments in 2 predictions have no verdict: scored offline, each counts as noise/);
    const out = JSON.parse(r.out);
    expect(out.unjudged).toEqual({ items: 3, predictions: 2, unit: "comments", countedAs: "noise" });
    // every verdict given: no warning, no count
    const all = score({
      "pr-1": { comments: [c("bug_hit")] },
      "pr-2": { comments: [] },
      "pr-3": { comments: [c("noise")] },
    });
    expect(all.code, all.err).toBe(0);
    expect(all.err).not.toMatch(/no verdict/);
    expect(JSON.parse(all.out).unjudged).toBeUndefined();
  });

  it("score exits 1 with readable errors for an invalid file", () => {
    const bad = path.join(tmp, "bad.json");
    fs.writeFileSync(bad, JSON.stringify({ "astropy__astropy-12907": { input_bounce: "maybe" } }));
    const r = cli([
      "score",
      "--task",
      "bouncerbench/input",
      "--release",
      "prisma/seed-data/bouncerbench/ensembled_annotations_public.csv",
      bad,
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/instance astropy__astropy-12907, field input_bounce.*expected true or false/);
  });

  it("import-release: a bad file changes nothing; a good one imports and publishes", async () => {
    const bad = path.join(tmp, "bad.csv");
    fs.writeFileSync(bad, "instance_id,underspecified\na,1\nb,7\na,2\n");
    const before = await countRows(db);
    const r1 = cli(["import-release", "--task", "bouncerbench/input", "--version", "2.0", bad]);
    expect(r1.code).toBe(1);
    expect(r1.err).toMatch(/instance b, field underspecified.*0–3/);
    expect(r1.err).toMatch(/instance a.*duplicate/);
    expect(await countRows(db)).toEqual(before);

    const good = path.join(tmp, "good.jsonl");
    const rel = await db.prisma.release.findFirstOrThrow({
      where: { version: "1.0", task: { fullSlug: "bouncerbench/input" } },
    });
    const ids = (
      await db.prisma.instance.findMany({
        where: { releaseId: rel.id },
        take: 30,
        orderBy: { position: "asc" },
        select: { externalId: true },
      })
    ).map((i) => i.externalId);
    fs.writeFileSync(good, ids.map((id, i) => JSON.stringify({ instance_id: id, input_quality: i % 4 })).join("\n"));
    const r2 = cli(["import-release", "--task", "bouncerbench/input", "--version", "2.0", "--publish", good]);
    expect(r2.code, r2.err).toBe(0);
    const out = JSON.parse(r2.out);
    expect(out.release).toMatchObject({ version: "2.0", status: "published", instanceCount: 30 });
    expect(out.diff).toMatchObject({ against: "1.1", removed: 1699 - 30 });
    // the paper's five Table II systems and three baselines are re-scored on the new release
    expect(out.job).toMatchObject({ status: "done", progress: 8, total: 8, result: { rescored: 8 } });
  });
});

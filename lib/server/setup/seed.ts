import fs from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getMetric } from "@/lib/metric-value";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { SystemMeta } from "@/lib/validations/common";
import { refreshBaselines, importRelease } from "@/lib/server/releases";
import { rescoreSubmission } from "@/lib/server/scoring";
import { submitPredictions } from "@/lib/server/submissions";
import { getReleaseOrThrow, getTaskOrThrow, syncCatalog } from "@/lib/server/tasks";
import { ensureTeam } from "@/lib/server/auth";
import type { Database } from "@/lib/server/db";
import { runDueJobs } from "@/lib/server/worker";
import { fixed } from "@/lib/format";
import { PAPER_TEAM, paperTableOf, type PaperRow } from "@/lib/paper-rows";

export function seedDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma", "seed-data");
}

/** The real BouncerBench input release 1.0 and the paper's five Table II systems on it. */
async function seedRealInput(db: PrismaClient, log: (m: string) => void, settle: () => Promise<void>) {
  const dir = path.join(seedDataDir(), "bouncerbench");
  const input = await db.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/input" } });
  if (!(await db.release.findFirst({ where: { taskId: input.id } }))) {
    const file = path.join(dir, "ensembled_annotations_public.csv");
    const r = await importRelease(db, {
      task: "bouncerbench/input",
      version: "1.0",
      text: fs.readFileSync(file, "utf8"),
      fileName: path.basename(file),
      notes: "SWE-bench Verified annotations (1,699 issues); bounce iff the specification label is ≥ 2.",
      source: "uw-swag/BouncerBench ensembled_annotations_public.csv",
      publish: true,
    });
    await settle();
    log(`[seed] imported bouncerbench/input 1.0 (${r.release.instanceCount} instances)`);
  }
  await seedPaperRows(db, "bouncerbench/input", input.id, log);
  await seedInputWithTexts(db, input.id, log, settle);
}

/**
 * The paper's systems (lib/paper-rows.ts) on a task, under the paper's authors, each once: every
 * shipped file whose instances the task's current release holds (Input: all five of Table II; Output:
 * none until an admin imports the official release — the synthetic one has other ids).
 */
async function seedPaperRows(db: PrismaClient, task: string, taskId: string, log: (m: string) => void) {
  const table = paperTableOf(task);
  const release = await getReleaseOrThrow(db, taskId).catch(() => null);
  if (!table || !release || release.synthetic) return;
  const ids = new Set(
    (await db.instance.findMany({ where: { releaseId: release.id }, select: { externalId: true } })).map(
      (i) => i.externalId,
    ),
  );
  const team = await ensureTeam(db, PAPER_TEAM);
  for (const row of table.rows) {
    if (await db.submission.findFirst({ where: { taskId, teamId: team.id, model: row.model } })) continue;
    const text = fs.readFileSync(path.join(seedDataDir(), "bouncerbench", row.file), "utf8");
    if (!Object.keys(JSON.parse(text) as object).every((id) => ids.has(id))) continue;
    await seedPaperRow(db, { task, text }, row, team.id, log);
  }
}

async function seedPaperRow(
  db: PrismaClient,
  { task, text }: { task: string; text: string },
  row: PaperRow,
  teamId: string,
  log: (m: string) => void,
) {
  const r = await submitPredictions(db, {
    task,
    text,
    fileName: row.file,
    model: row.model,
    system: "BouncerBench prompt",
    oss: row.oss,
    // the paper's structured-output prompt (§III-B), one call per instance
    meta: { agent: "BouncerBench prompt", base_model: row.model, agentic: false, ...row.meta },
    site: "https://github.com/uw-swag/BouncerBench",
    teamId,
    userId: null,
  });
  log(
    `[seed] scored ${row.model} on ${task} (the paper's row ${row.row}): F_m ${fixed(getMetric(r.metrics, "F_m"), 3)}`,
  );
}

/**
 * Release 1.1 of BouncerBench Input: the same annotations (truth unchanged) with SWE-bench's real
 * issue texts for the 638 instances that have one (prisma/seed-data/swebench), so the paper's
 * Figure 2 — bouncing by issue length — is drawn on real data and instance pages show the ticket.
 */
async function seedInputWithTexts(
  db: PrismaClient,
  taskId: string,
  log: (m: string) => void,
  settle: () => Promise<void>,
) {
  if (await db.release.findUnique({ where: { taskId_version: { taskId, version: "1.1" } } })) return;
  const texts = new Map<string, { problem_statement: string; repo: string }>();
  for (const line of fs
    .readFileSync(path.join(seedDataDir(), "swebench", "problem_statements.jsonl"), "utf8")
    .split("\n")) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { instance_id: string; problem_statement: string; repo: string };
    texts.set(r.instance_id, { problem_statement: r.problem_statement, repo: r.repo });
  }
  const csv = Papa.parse<Record<string, string>>(
    fs.readFileSync(path.join(seedDataDir(), "bouncerbench", "ensembled_annotations_public.csv"), "utf8"),
    { header: true, skipEmptyLines: true },
  );
  const rows = csv.data.map((row) => ({ ...row, ...(texts.get(row.instance_id) ?? {}) }));
  const withText = rows.filter((r) => "problem_statement" in r).length;
  const r = await importRelease(db, {
    task: "bouncerbench/input",
    version: "1.1",
    text: rows.map((row) => JSON.stringify(row)).join("\n"),
    fileName: "ensembled_annotations_with_problem_statements.jsonl",
    notes: `Release 1.0's annotations (truth unchanged) with SWE-bench's issue texts for ${withText} of ${rows.length} instances (all of Verified): issue-length buckets and tickets on instance pages.`,
    source: "uw-swag/BouncerBench ensembled_annotations_public.csv + SWE-bench problem_statement (MIT)",
    publish: true,
  });
  await settle();
  log(
    `[seed] imported and published bouncerbench/input 1.1 (${r.release.instanceCount} instances, ${withText} with issue texts)`,
  );
}

/** Synthetic releases and made-up systems for every task without public data here. */
async function seedSynthetic(db: PrismaClient, log: (m: string) => void, settle: () => Promise<void>) {
  for (const t of generateSynthetic()) {
    const task = await db.task.findUniqueOrThrow({ where: { fullSlug: t.task } });
    if (await db.release.findFirst({ where: { taskId: task.id } })) continue;
    await importRelease(db, {
      task: t.task,
      version: t.version,
      text: JSON.stringify(t.release),
      fileName: `${t.task.replace("/", "-")}-${t.version}.json`,
      notes: t.notes,
      source: "generated by lib/synthetic/generate.ts (fixed seed)",
      synthetic: true,
      publish: true,
    });
    await settle();
    for (const s of t.submissions) {
      const team = await ensureTeam(db, s.team);
      const text = JSON.stringify(s.predictions);
      await submitPredictions(db, {
        task: t.task,
        text,
        fileName: `${s.model}.json`,
        model: s.model,
        system: s.system,
        oss: s.oss,
        costUsd: s.costUsd,
        tokens: s.tokens,
        meta: s.meta && SystemMeta.parse(s.meta),
        teamId: team.id,
        userId: null,
        synthetic: true,
      });
    }
    log(`[seed] synthetic ${t.task} ${t.version}: ${t.release.length} instances, ${t.submissions.length} submissions`);
  }
}

/** Server-computed baselines on every task's current release (only where missing). */
async function seedBaselines(db: PrismaClient, log: (m: string) => void) {
  const tasks = await db.task.findMany();
  for (const t of tasks) {
    const task = await getTaskOrThrow(db, t.fullSlug);
    if (!task.kind.baselines?.(task.options).length) continue;
    if (await db.submission.findFirst({ where: { taskId: t.id, baseline: { not: null } } })) continue;
    const release = await getReleaseOrThrow(db, t.id).catch(() => null);
    if (!release) continue;
    const ids = await refreshBaselines(db, task, release);
    for (const id of ids) await rescoreSubmission(db, task, id, release);
    log(`[seed] baselines for ${t.fullSlug}: ${ids.length}`);
  }
}

/**
 * First-run content, idempotent: the catalog, the real BouncerBench input release and the paper's
 * five Table II systems on it, synthetic releases for the other tasks, the paper's Table III files
 * on a real Output release if one is published, and baselines. Each step runs only
 * when its data is missing. A publish's re-score job runs here, at once, before the next step.
 */
export async function seed(database: Database, log: (msg: string) => void = console.log): Promise<void> {
  const db = database.prisma;
  const settle = () => runDueJobs(db, database.pool);
  await syncCatalog(db);
  await seedRealInput(db, log, settle);
  await seedSynthetic(db, log, settle);
  const output = await db.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/output" } });
  await seedPaperRows(db, "bouncerbench/output", output.id, log);
  await seedBaselines(db, log);
}

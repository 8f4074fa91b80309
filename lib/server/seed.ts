import fs from "node:fs";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getMetric } from "@/lib/metric-value";
import { importRelease } from "./releases";
import { submitPredictions } from "./submissions";
import { syncCatalog } from "./tasks";
import { ensureTeam } from "./tokens";

export function seedDataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.cwd(), "prisma", "seed-data");
}

const INPUT_SUBMISSIONS = [
  { model: "gpt-4.1", file: "input_bouncer_gpt-4.1.json" },
  { model: "claude-3.7-sonnet", file: "input_bouncer_claude-3.7-sonnet.json" },
];

/**
 * First-run content, idempotent: the catalog, the real BouncerBench input release 1.0 and the
 * two shipped real submissions. Each step runs only when its data is missing.
 */
export async function seed(db: PrismaClient, log: (msg: string) => void = console.log): Promise<void> {
  await syncCatalog(db);
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
    log(`[seed] imported bouncerbench/input 1.0 (${r.release.instanceCount} instances)`);
  }
  const team = await ensureTeam(db, "BouncerBench authors");
  for (const s of INPUT_SUBMISSIONS) {
    if (await db.submission.findFirst({ where: { taskId: input.id, teamId: team.id, model: s.model } })) continue;
    const file = path.join(dir, s.file);
    const text = fs.readFileSync(file, "utf8");
    const r = await submitPredictions(db, {
      task: "bouncerbench/input",
      text,
      fileName: s.file,
      fileSize: Buffer.byteLength(text),
      model: s.model,
      system: "BouncerBench prompt",
      site: "https://github.com/uw-swag/BouncerBench",
      teamId: team.id,
      userId: null,
    });
    log(`[seed] scored ${s.model}: F_m ${getMetric(r.metrics, "F_m")?.toFixed(3)}`);
  }
}

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "@/lib/server/db";
import { dataDir, getEnv } from "@/lib/env";
import { hashToken, createApiToken, ensureTeam, passwordProblem, hashPassword } from "@/lib/server/auth";
import { migrateQueue } from "@/lib/server/jobs";
import { queueFillBreakdowns, queueFillOutcomes } from "@/lib/server/scoring";
import { queuePublicBoardRefreshes } from "@/lib/server/leaderboard";
import { queueFillAudits } from "@/lib/server/integrity";
import { queueMissingAgreements } from "@/lib/server/judging";
import { queueStalePrimaryRescores } from "@/lib/server/releases";
import { syncCatalog } from "@/lib/server/tasks";
import { migrateDatabase } from "./migrate";
import { seed } from "./seed";

/** Path of the admin API token file the CLI reads. */
export function adminTokenPath(): string {
  return path.join(dataDir(), "admin-token");
}

/**
 * Creates the admin account (ADMIN_EMAIL / ADMIN_PASSWORD; a generated password is logged once)
 * and writes an admin API token to .data/admin-token (mode 0600) unless a valid one is there.
 */
export async function ensureAdmin(db: Database, log: (m: string) => void): Promise<void> {
  const env = getEnv();
  const prisma = db.prisma;
  const team = await ensureTeam(prisma, "admins");
  let admin = await prisma.user.findUnique({ where: { email: env.ADMIN_EMAIL.toLowerCase() } });
  if (!admin) {
    const generated = !env.ADMIN_PASSWORD;
    const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString("base64url");
    // the admin's password follows the sign-up rules (docs/security.md)
    const weak = generated ? null : passwordProblem(password);
    if (weak) throw new Error(`ADMIN_PASSWORD: ${weak}`);
    admin = await prisma.user.create({
      data: {
        email: env.ADMIN_EMAIL.toLowerCase(),
        name: "Administrator",
        isAdmin: true,
        passwordHash: await hashPassword(password),
      },
    });
    await prisma.membership.create({ data: { userId: admin.id, teamId: team.id, role: "owner" } });
    if (generated)
      log(`[admin] created ${admin.email} with password: ${password}  (shown once; set ADMIN_PASSWORD to choose it)`);
    else log(`[admin] created ${admin.email}`);
  } else if (!admin.isAdmin) {
    await prisma.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
  }
  const file = adminTokenPath();
  const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
  const valid =
    existing &&
    (await prisma.apiToken.findFirst({ where: { tokenHash: hashToken(existing), revokedAt: null, isAdmin: true } }));
  if (!valid) {
    const { token } = await createApiToken(prisma, {
      teamId: team.id,
      userId: admin.id,
      name: "admin-token file",
      isAdmin: true,
    });
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, token + "\n", { mode: 0o600 });
    fs.chmodSync(file, 0o600);
    log(`[admin] wrote an admin API token to ${path.relative(process.cwd(), file)}`);
  }
}

/** Everything a fresh database needs: migrations, catalog and seed data, the admin account. */
export async function startUp(db: Database, opts: { seed?: boolean; log?: (m: string) => void } = {}): Promise<void> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const applied = await migrateDatabase(db);
  if (applied.length) log(`[db] applied migrations: ${applied.join(", ")}`);
  await migrateQueue(db.pool);
  if (opts.seed ?? getEnv().SEED === "1") await seed(db, log);
  // the catalog is code: a changed task (name, primary metric) is stored at every start, seed or not
  else await syncCatalog(db.prisma);
  await ensureAdmin(db, log);
  // scores ranked by a task's former primary metric (the catalog changed it), or computed by a former
  // version of the metrics library: re-scored by a job
  const stale = await queueStalePrimaryRescores(db.prisma);
  if (stale)
    log(`[db] queued re-scores of ${stale} release(s) scored under a former primary metric or metrics version`);
  // scores from before per-instance outcomes were stored: filled by a job, a batch at a time
  if (await queueFillOutcomes(db.prisma)) log("[db] queued fill-outcomes for scores without per-instance outcomes");
  // scores from before per-slice breakdowns were stored: the same, by their own job
  if (await queueFillBreakdowns(db.prisma)) log("[db] queued fill-breakdowns for scores without per-slice breakdowns");
  // scores from before integrity audits existed: audited oldest first, before any new upload's audit
  if (await queueFillAudits(db.prisma))
    log("[db] queued fill-audits for scored submissions without an integrity audit");
  // releases with human labels the configured judge has not been measured against
  const labeled = await queueMissingAgreements(db.prisma);
  if (labeled) log(`[db] queued the judge's run over the human labels of ${labeled} release(s)`);
  // every public board's rank intervals: current ones return at once, stale or missing ones are
  // computed by the worker, one release at a time
  const ranks = await queuePublicBoardRefreshes(db.prisma);
  if (ranks) log(`[db] queued rank intervals for ${ranks} release(s)`);
}

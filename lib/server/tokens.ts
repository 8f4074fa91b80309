import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { slugify } from "@/lib/validations/common";

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Creates an API token for a team; the plain token is returned once and stored only hashed. */
export async function createApiToken(
  db: PrismaClient,
  opts: { teamId: string; userId?: string | null; name?: string; isAdmin?: boolean },
): Promise<{ id: string; token: string; prefix: string }> {
  const token = `lbt_${crypto.randomBytes(24).toString("base64url")}`;
  const prefix = token.slice(0, 10);
  const row = await db.apiToken.create({
    data: {
      teamId: opts.teamId,
      userId: opts.userId ?? null,
      name: opts.name ?? "api token",
      prefix,
      tokenHash: hashToken(token),
      isAdmin: opts.isAdmin ?? false,
    },
  });
  return { id: row.id, token, prefix };
}

/** Finds or creates a team by slug (used by `token create --team`). */
export async function ensureTeam(db: PrismaClient, slugOrName: string) {
  const slug = slugify(slugOrName);
  if (!slug) throw new AppError("bad_request", `"${slugOrName}" is not a usable team name`);
  return db.team.upsert({ where: { slug }, update: {}, create: { slug, name: slugOrName } });
}

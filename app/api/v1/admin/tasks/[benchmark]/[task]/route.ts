// PATCH /api/v1/admin/tasks/{benchmark}/{task} – a task's upload quotas (admins)
import { z } from "zod";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { audit } from "@/lib/server/audit";
import { route } from "@/lib/server/route";
import { prismaRows } from "@/lib/server/scoring";
import { TaskParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

const Body = z
  .object({
    /** scored uploads per team, release and UTC day; null: the default (10 on hidden releases, 200 on public ones) */
    quotaPerDay: z.number().int("a whole number").min(1, "at least 1").max(100_000).nullable().optional(),
    /** scored uploads per team and release in all; null: no limit */
    quotaTotal: z.number().int("a whole number").min(1, "at least 1").max(10_000_000).nullable().optional(),
  })
  .strict();

export const PATCH = route({ access: "admin", params: TaskParams }, async ({ req, params, actor }) => {
  const body = Body.parse(await req.json().catch(() => null));
  const db = await getDb();
  const fullSlug = `${params.benchmark}/${params.task}`;
  const task = await db.task.findUnique({ where: { fullSlug } });
  if (!task) throw notFound(`task ${fullSlug}`);
  const t = await db.task.update({ where: { id: task.id }, data: { quotaPerDay: body.quotaPerDay, quotaTotal: body.quotaTotal } });
  await audit(prismaRows(db), { actor, action: "task.quota", target: { type: "task", id: fullSlug }, taskId: task.id, before: { quotaPerDay: task.quotaPerDay, quotaTotal: task.quotaTotal }, after: { quotaPerDay: t.quotaPerDay, quotaTotal: t.quotaTotal } });
  const env = getEnv();
  return Response.json({
    task: t.fullSlug,
    quotaPerDay: t.quotaPerDay,
    quotaTotal: t.quotaTotal,
    defaults: { hiddenPerDay: env.QUOTA_HIDDEN_PER_DAY, publicPerDay: env.QUOTA_PUBLIC_PER_DAY },
  });
});

// PATCH /api/v1/admin/tasks/{benchmark}/{task} – a task's upload quotas, and whether its hidden
// release accepts uploads only from approved teams (admins)
import { getDb, sqlOf } from "@/lib/server/db";
import { getEnv } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { logActivity } from "@/lib/server/activity";
import { respond, route } from "@/lib/server/http";
import { TaskQuota, TaskQuotaBody } from "@/lib/contracts/admin";
import { TaskParams } from "@/lib/contracts/leaderboards";
import { fullSlugOf } from "@/lib/tasks/catalog";

export const dynamic = "force-dynamic";

export const PATCH = route(
  { access: "admin", params: TaskParams, body: TaskQuotaBody },
  async ({ params, actor, body }) => {
    const db = await getDb();
    const fullSlug = fullSlugOf(params);
    const task = await db.task.findUnique({ where: { fullSlug } });
    if (!task) throw notFound(`task ${fullSlug}`);
    const t = await db.task.update({
      where: { id: task.id },
      data: { quotaPerDay: body.quotaPerDay, quotaTotal: body.quotaTotal, hiddenApprovedOnly: body.hiddenApprovedOnly },
    });
    await logActivity(sqlOf(db), {
      actor,
      action: "task.quota",
      target: { type: "task", id: fullSlug },
      taskId: task.id,
      before: {
        quotaPerDay: task.quotaPerDay,
        quotaTotal: task.quotaTotal,
        hiddenApprovedOnly: task.hiddenApprovedOnly,
      },
      after: { quotaPerDay: t.quotaPerDay, quotaTotal: t.quotaTotal, hiddenApprovedOnly: t.hiddenApprovedOnly },
    });
    const env = getEnv();
    return respond(TaskQuota, {
      task: t.fullSlug,
      quotaPerDay: t.quotaPerDay,
      quotaTotal: t.quotaTotal,
      hiddenApprovedOnly: t.hiddenApprovedOnly,
      defaults: { hiddenPerDay: env.QUOTA_HIDDEN_PER_DAY, publicPerDay: env.QUOTA_PUBLIC_PER_DAY },
    });
  },
);

// GET /api/v1/tasks/{benchmark}/{task}/releases – published and archived releases (admins: drafts too)
import { getDb, sqlOf } from "@/lib/server/db";
import { agreementView } from "@/lib/server/judging";
import { listReleases, releaseJson } from "@/lib/server/releases";
import { respond, route } from "@/lib/server/http";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { TaskParams } from "@/lib/contracts/leaderboards";
import { ReleaseList } from "@/lib/contracts/releases";
import { fullSlugOf } from "@/lib/tasks/catalog";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: TaskParams }, async ({ params, actor }) => {
  const db = await getDb();
  const task = await getTaskOrThrow(db, fullSlugOf(params));
  const releases = await listReleases(db, task.id, { includeDrafts: actor?.isAdmin });
  // CR-Bench: the server's judge against the release's human labels (κ, sensitivity, specificity), when measured
  const agreements = task.kind.serverJudge
    ? await Promise.all(releases.map((r) => agreementView(sqlOf(db), r.id)))
    : releases.map(() => null);
  return respond(ReleaseList, {
    task: task.fullSlug,
    releases: releases.map((r, i) => ({
      ...releaseJson(r),
      ...(agreements[i] ? { judgeAgreement: agreements[i] } : {}),
    })),
  });
});

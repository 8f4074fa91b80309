import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getTaskKind } from "@/lib/tasks";
import { taskOptions } from "@/lib/tasks/catalog";
import type { Actor } from "@/lib/server/auth";
import { quotaState } from "@/lib/server/limits";
import { sqlOf } from "@/lib/server/db";
import { currentRelease, findTask } from "@/lib/server/tasks";
import { listTeamTokens } from "@/lib/server/auth";

/** What /admin shows: every task with its releases and the release file format, and the latest uploads on hidden releases with their exact scores. Admins only (the page checks). */
export async function adminOverview(db: PrismaClient) {
  const tasks = await db.task.findMany({
    orderBy: [{ benchmark: { sortOrder: "asc" } }, { sortOrder: "asc" }],
    include: { releases: { orderBy: { createdAt: "desc" } }, _count: { select: { submissions: true } } },
  });
  const formats = Object.fromEntries(
    tasks.map((t) => [t.fullSlug, getTaskKind(t.kind).releaseFormat(taskOptions(t.fullSlug))]),
  );
  // every scored upload on a hidden release, with its exact score and what the Ladder released
  const hiddenUploads = await db.score.findMany({
    where: { release: { hidden: true }, submission: { baseline: null } },
    orderBy: { submission: { createdAt: "desc" } },
    take: 50,
    include: { release: { include: { task: true } }, submission: { include: { team: true } } },
  });
  // teams for "approved teams only" hidden releases: the approved ones and the newest others
  const teams = await db.team.findMany({
    orderBy: [{ approvedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
    take: 100,
    select: {
      slug: true,
      name: true,
      approvedAt: true,
      createdAt: true,
      _count: { select: { memberships: true, submissions: true } },
    },
  });
  return { tasks, formats, hiddenUploads, teams };
}

/** What /account shows a signed-in user: their teams, their teams' tokens and latest submissions. */
export async function accountOverview(db: PrismaClient, actor: Pick<Actor, "teamIds">) {
  const [teams, tokens, submissions] = await Promise.all([
    db.team.findMany({ where: { id: { in: actor.teamIds } } }),
    listTeamTokens(db, actor.teamIds),
    db.submission.findMany({
      where: { teamId: { in: actor.teamIds } },
      orderBy: { createdAt: "desc" },
      take: 50,
      include: { task: true },
    }),
  ]);
  return { teams, tokens, submissions };
}

/** What the submit page shows: the task, its upload format, the current release, the team's quota on it, and the teams the user may upload for (in their order). Null: no such task. */
export async function uploadContext(
  db: PrismaClient,
  fullSlug: string,
  actor: Pick<Actor, "teamIds" | "teamId" | "isAdmin">,
) {
  const task = await findTask(db, fullSlug);
  if (!task) return null;
  const release = await currentRelease(db, task.id);
  // the team's upload quota on the current release (admins are exempt)
  const quota =
    release && actor.teamId && !actor.isAdmin ? await quotaState(sqlOf(db), task, release, actor.teamId) : null;
  const teams = (await db.team.findMany({ where: { id: { in: actor.teamIds } } }))
    .sort((a, b) => actor.teamIds.indexOf(a.id) - actor.teamIds.indexOf(b.id))
    .map((x) => ({ slug: x.slug, name: x.name }));
  return { task, format: task.kind.predictionFormat(task.options), release, quota, teams };
}

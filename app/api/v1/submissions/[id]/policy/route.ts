// GET /api/v1/submissions/{id}/policy?tau=0.5&percentile=75 – threshold-explorer aggregates (A&V)
import { getDb } from "@/lib/server/db";
import { AppError, notFound } from "@/lib/errors";
import { respond, route } from "@/lib/server/http";
import { policyAt } from "@/lib/server/leaderboard";
import { getSubmissionOrThrow, scoreOnRelease } from "@/lib/server/submissions";
import { getTaskOrThrow } from "@/lib/server/tasks";
import { PolicyAggregates, PolicyQuery } from "@/lib/contracts/charts";
import { IdParams } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: IdParams, query: PolicyQuery },
  async ({ params, actor, query: q }) => {
    const db = await getDb();
    const sub = await getSubmissionOrThrow(db, params.id, actor);
    const score = scoreOnRelease(sub.scores, q.release);
    if (!score) throw notFound("score");
    // the threshold explorer is built from instances: not on a hidden release (admins aside)
    if (score.release.hidden && !actor?.isAdmin)
      throw new AppError(
        "forbidden",
        "this release keeps its ground truth hidden: per-instance aggregates are not shown",
      );
    const task = await getTaskOrThrow(db, sub.task.fullSlug);
    const p = await policyAt(db, task, sub, score, { tau: q.tau, pct: q.percentile });
    // no trajectory passes the filter: the cutoff is Infinity, which JSON sends as null
    return respond(PolicyAggregates, { ...p, cutoff: Number.isFinite(p.cutoff) ? p.cutoff : null });
  },
);

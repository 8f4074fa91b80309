// GET   /api/v1/submissions/{id} – metadata, status, metrics and validation summary (+ its integrity audit for its team and admins)
// PATCH /api/v1/submissions/{id} – { visibility, logsUrl } (the team's owners, admins)
import { getDb, sqlOf } from "@/lib/server/db";
import { judgeView } from "@/lib/server/judging";
import { respond, route } from "@/lib/server/http";
import {
  canView,
  currentScore,
  getSubmissionOrThrow,
  submissionJson,
  uploadJobOf,
  updateSubmission,
} from "@/lib/server/submissions";
import { submissionAuditView } from "@/lib/server/integrity";
import { IdParams, Submission, SubmissionPatch, SubmissionUpdated } from "@/lib/contracts/submissions";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: IdParams }, async ({ params, actor }) => {
  const db = await getDb();
  const sub = await getSubmissionOrThrow(db, params.id, actor);
  // an upload scored by a worker: its progress, and why it failed
  const job = sub.status === "scored" ? null : await uploadJobOf(db, sub.id);
  // the integrity audit: its team and admins only (no field at all for anyone else)
  const audit = await submissionAuditView(db, sub, actor, canView);
  // CR-Bench: who judged (the team's file or the server's judge), and the judge's progress
  const json = submissionJson(sub, actor);
  const shown = currentScore(sub.scores);
  const judge = await judgeView(
    sqlOf(db),
    // the meta column is always an object (default {}); the judge's view reads its judge fields
    sub,
    shown && json.coverage
      ? { metrics: json.metrics, covered: json.coverage.covered, releaseId: shown.releaseId }
      : null,
  );
  return respond(Submission, {
    ...json,
    job,
    ...(judge ? { judge } : {}),
    ...(audit ? { audit } : {}),
  });
});

export const PATCH = route(
  { access: "member", params: IdParams, body: SubmissionPatch },
  async ({ params, actor, body }) => {
    const r = await updateSubmission(await getDb(), actor, params.id, body);
    // the meta column is always an object (default {}; written from SystemMeta), Prisma types it as any JSON
    return respond(SubmissionUpdated, { ...r, meta: r.meta as Record<string, unknown> });
  },
);

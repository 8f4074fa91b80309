// GET /api/v1/submissions/{id}/predictions/{instance} – one stored prediction, whole (pages show a trace's first 10 KB)
import { getDb } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import { route } from "@/lib/server/http";
import { getSubmissionOrThrow } from "@/lib/server/submissions";
import { PredictionParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: PredictionParams }, async ({ params, actor }) => {
  const db = await getDb();
  const sub = await getSubmissionOrThrow(db, params.id, actor);
  const p = await db.prediction.findUnique({
    where: { submissionId_externalId: { submissionId: sub.id, externalId: params.instance } },
  });
  if (!p) throw notFound(`prediction for instance ${params.instance}`);
  return Response.json({ submissionId: sub.id, instanceId: p.externalId, prediction: p.data });
});

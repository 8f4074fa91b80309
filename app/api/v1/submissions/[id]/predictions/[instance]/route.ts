// GET /api/v1/submissions/{id}/predictions/{instance} – one stored prediction, whole (pages show a trace's first 10 KB); ?download=1 as a file
import { getDb } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import { route } from "@/lib/server/http";
import { getSubmissionOrThrow, predictionFileName } from "@/lib/server/submissions";
import { PredictionParams } from "@/lib/validations/common";
import { PredictionDownloadQuery } from "@/lib/validations/traces";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "public", params: PredictionParams, query: PredictionDownloadQuery },
  async ({ params, query, actor }) => {
    const db = await getDb();
    const sub = await getSubmissionOrThrow(db, params.id, actor);
    const p = await db.prediction.findUnique({
      where: { submissionId_externalId: { submissionId: sub.id, externalId: params.instance } },
    });
    if (!p) throw notFound(`prediction for instance ${params.instance}`);
    const res = Response.json({ submissionId: sub.id, instanceId: p.externalId, prediction: p.data });
    if (query.download === "1")
      res.headers.set("Content-Disposition", `attachment; filename="${predictionFileName(sub.model, p.externalId)}"`);
    return res;
  },
);

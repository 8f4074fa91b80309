// GET /api/v1/submissions/{id}/predictions/{instance} – one stored prediction, whole (pages show a trace's first 10 KB); ?download=1 as a file
import { getDb } from "@/lib/server/db";
import { notFound } from "@/lib/errors";
import { respond, route } from "@/lib/server/http";
import { getSubmissionOrThrow, predictionFileName } from "@/lib/server/submissions";
import { PredictionDownloadQuery, PredictionParams, StoredPrediction } from "@/lib/contracts/submissions";

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
    const headers: Record<string, string> =
      query.download === "1"
        ? { "content-disposition": `attachment; filename="${predictionFileName(sub.model, p.externalId)}"` }
        : {};
    return respond(
      StoredPrediction,
      { submissionId: sub.id, instanceId: p.externalId, prediction: p.data },
      { headers },
    );
  },
);

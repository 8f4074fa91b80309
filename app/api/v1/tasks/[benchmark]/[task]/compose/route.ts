// POST /api/v1/tasks/{benchmark}/{task}/compose – a BouncerBench Lite entry built from an Input and
// an Output submission (the paper's Figure 4 pipeline), stored and scored like an upload
import { getDb } from "@/lib/server/db";
import { composePipeline, disclosedUpload } from "@/lib/server/submissions";
import { AppError } from "@/lib/errors";
import { respond, route } from "@/lib/server/http";
import { TaskParams } from "@/lib/contracts/leaderboards";
import { ComposeBody, Composed } from "@/lib/contracts/submissions";
import { fullSlugOf } from "@/lib/tasks/catalog";
import { getTaskOrThrow } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export const POST = route(
  { access: "member", params: TaskParams, body: ComposeBody },
  async ({ params, actor, body }) => {
    const db = await getDb();
    const c = await composePipeline(db, actor, await getTaskOrThrow(db, fullSlugOf(params)), body);
    const { id, status, validation } = c.result;
    // a pipeline is never a dry run nor judged (composePipeline refuses a queued one): stored and scored
    if (id === null || status !== "scored") throw new AppError("internal", `a composed pipeline came back ${status}`);
    return respond(
      Composed,
      {
        id,
        status,
        ...disclosedUpload(c.result, actor),
        validation,
        composedOf: c.composedOf,
        covered: c.covered,
        total: c.total,
      },
      { status: 201, headers: { location: `/api/v1/submissions/${id}` } },
    );
  },
);

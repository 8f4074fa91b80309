-- Issue 16: safe to run as a public service.

-- Every web process and job worker records a heartbeat here. Jobs locked by a worker whose
-- heartbeat is stale are unlocked for others (graphile-worker's forceUnlockWorkers), and uploads
-- whose receiving process stopped beating are deleted (their quota freed) within a minute.
CREATE TABLE "process_heartbeats" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "host" TEXT NOT NULL DEFAULT '',
    "worker_ids" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "process_heartbeats_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "process_heartbeats_last_seen_idx" ON "process_heartbeats"("last_seen");

-- The process still receiving a large upload's bytes (NULL once its job is queued).
ALTER TABLE "submissions" ADD COLUMN "receiver_id" TEXT;
CREATE INDEX "submissions_receiver_id_idx" ON "submissions"("receiver_id");
-- The confusable skeleton (Unicode TS #39) of the model name: look-alikes of another team's names are refused.
ALTER TABLE "submissions" ADD COLUMN "model_skeleton" TEXT;
CREATE INDEX "submissions_task_id_model_skeleton_idx" ON "submissions"("task_id", "model_skeleton");

-- Server-side secrets shared by every process (e.g. the Ladder's per-team noise key).
CREATE TABLE "app_secrets" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "app_secrets_pkey" PRIMARY KEY ("name")
);

-- A hidden task may accept uploads only from teams an admin approved.
ALTER TABLE "tasks" ADD COLUMN "hidden_approved_only" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "teams" ADD COLUMN "approved_at" TIMESTAMPTZ(3);
ALTER TABLE "teams" ADD COLUMN "approved_by" TEXT;

-- Team names are unique, look-alikes included: the confusable skeleton of the name (filled by
-- the application; NULL until then). Existing exact duplicates are told apart by their slug.
UPDATE "teams" t SET "name" = t."name" || ' (' || t."slug" || ')'
 WHERE EXISTS (SELECT 1 FROM "teams" o WHERE lower(o."name") = lower(t."name") AND (o."created_at", o."id") < (t."created_at", t."id"));
ALTER TABLE "teams" ADD COLUMN "name_skeleton" TEXT;
CREATE UNIQUE INDEX "teams_name_skeleton_key" ON "teams"("name_skeleton");

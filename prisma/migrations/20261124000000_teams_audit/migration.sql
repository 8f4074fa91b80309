-- Issue 10: team invitations, moderation (verify, hide), links to logs, an audit trail.

CREATE TABLE "team_invitations" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "used_by" UUID,
    CONSTRAINT "team_invitations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "team_invitations_token_hash_key" ON "team_invitations"("token_hash");
CREATE INDEX "team_invitations_team_id_idx" ON "team_invitations"("team_id");
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_fkey"
  FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "submissions"
  ADD COLUMN "logs_url" TEXT,
  ADD COLUMN "verified_by" TEXT,
  ADD COLUMN "verified_at" TIMESTAMPTZ(3),
  ADD COLUMN "hidden_reason" TEXT,
  ADD COLUMN "hidden_at" TIMESTAMPTZ(3);

-- Who did what to what, and what it was before and after: imports, publishes, re-scores,
-- visibility changes, verifications, hidings, deletions, tokens, invitations, roles.
CREATE TABLE "audit_events" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_id" UUID,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "task_id" UUID,
    "team_id" UUID,
    "public" BOOLEAN NOT NULL DEFAULT false,
    "before" JSONB,
    "after" JSONB,
    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_events_at_idx" ON "audit_events"("at");
CREATE INDEX "audit_events_task_id_public_at_idx" ON "audit_events"("task_id", "public", "at");
CREATE INDEX "audit_events_action_idx" ON "audit_events"("action");

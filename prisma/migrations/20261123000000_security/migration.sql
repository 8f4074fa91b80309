-- Issue 8: hidden test sets that stay hidden (the Ladder), quotas, sessions that end, rate limits.

-- The Ladder (Blum & Hardt 2015) on hidden releases: what a score releases, decided when it is written.
ALTER TABLE "scores"
  ADD COLUMN "ladder_released" BOOLEAN,
  ADD COLUMN "ladder_margin" DOUBLE PRECISION,
  ADD COLUMN "ladder_primary" DOUBLE PRECISION,
  ADD COLUMN "ladder_metrics" JSONB;

-- Quotas per task (NULL: the defaults, 10 a day on hidden releases and 200 on public ones; no total).
ALTER TABLE "tasks"
  ADD COLUMN "quota_per_day" INTEGER,
  ADD COLUMN "quota_total" INTEGER;

-- The release an upload was scored for: what its quota counts against.
ALTER TABLE "submissions" ADD COLUMN "upload_release_id" UUID;
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_upload_release_id_fkey"
  FOREIGN KEY ("upload_release_id") REFERENCES "releases"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "submissions_team_id_upload_release_id_created_at_idx" ON "submissions"("team_id", "upload_release_id", "created_at");

-- Sign-in sessions: a session cookie is valid only while its row is (sign-out deletes it).
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey"
  FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- rate-limiter-flexible's PostgreSQL store (shared by every process): key, points used, expiry (ms).
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,
    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

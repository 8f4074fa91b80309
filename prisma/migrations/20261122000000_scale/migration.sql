-- Scale (issue 7): what leaderboards read is computed when scores are written.

-- Each release has fixed, seeded bootstrap resampling indices (derived from the seed and its
-- instance count); board_version changes whenever anything its leaderboard shows changes, so
-- rendered leaderboards are cached per (release, board_version) in every app process.
ALTER TABLE "releases" ADD COLUMN "bootstrap_seed" INTEGER NOT NULL DEFAULT 20240601;
ALTER TABLE "releases" ADD COLUMN "board_version" BIGINT NOT NULL DEFAULT 0;

-- A score's 1,000 bootstrap replicates of the primary metric (float64, little-endian; NaN where
-- undefined) on its release's indices, for complete submissions; and the paired-bootstrap
-- comparison with the ranked row above it, written by the board refresh job. vs_above_key names
-- the pair and both scores' versions it was computed for; a mismatch means "not yet computed".
ALTER TABLE "scores" ADD COLUMN "replicates" BYTEA;
ALTER TABLE "scores" ADD COLUMN "vs_above_key" TEXT;
ALTER TABLE "scores" ADD COLUMN "vs_above_difference" DOUBLE PRECISION;
ALTER TABLE "scores" ADD COLUMN "vs_above_low" DOUBLE PRECISION;
ALTER TABLE "scores" ADD COLUMN "vs_above_high" DOUBLE PRECISION;

-- Jobs: the engine (graphile-worker) claims and retries; this row is what people see.
ALTER TABLE "jobs" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "jobs" ADD COLUMN "created_by" UUID;
ALTER TABLE "jobs" ADD COLUMN "team_id" UUID;
CREATE INDEX "jobs_created_by_idx" ON "jobs"("created_by");

-- Every change a leaderboard shows bumps its release's board_version, whoever writes it.
CREATE FUNCTION "bump_board_version_scores"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "releases" SET "board_version" = "board_version" + 1 WHERE "id" = OLD."release_id";
    RETURN OLD;
  END IF;
  UPDATE "releases" SET "board_version" = "board_version" + 1 WHERE "id" = NEW."release_id";
  RETURN NEW;
END $$;
CREATE TRIGGER "scores_board_version" AFTER INSERT OR UPDATE OR DELETE ON "scores"
  FOR EACH ROW EXECUTE FUNCTION "bump_board_version_scores"();

CREATE FUNCTION "bump_board_version_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "releases" SET "board_version" = "board_version" + 1
   WHERE "id" IN (SELECT "release_id" FROM "scores" WHERE "submission_id" = NEW."id");
  RETURN NEW;
END $$;
CREATE TRIGGER "submissions_board_version" AFTER UPDATE ON "submissions"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "bump_board_version_submissions"();

CREATE FUNCTION "bump_board_version_teams"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "releases" SET "board_version" = "board_version" + 1
   WHERE "id" IN (SELECT sc."release_id" FROM "scores" sc JOIN "submissions" su ON su."id" = sc."submission_id" WHERE su."team_id" = NEW."id");
  RETURN NEW;
END $$;
CREATE TRIGGER "teams_board_version" AFTER UPDATE OF "name", "slug" ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "bump_board_version_teams"();

-- Large uploads are kept here until a worker scores them (202, then progress): in the database,
-- so any worker on any machine can read them; deleted once scored.
CREATE TABLE "upload_chunks" (
    "submission_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,
    CONSTRAINT "upload_chunks_pkey" PRIMARY KEY ("submission_id", "seq")
);
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Issue 19: rank intervals replace the ≈ marks (a paired bootstrap against the row above).
ALTER TABLE "scores" DROP COLUMN "vs_above_key";
ALTER TABLE "scores" DROP COLUMN "vs_above_difference";
ALTER TABLE "scores" DROP COLUMN "vs_above_low";
ALTER TABLE "scores" DROP COLUMN "vs_above_high";

-- A release's rank intervals, written by the refresh-board job from the stored replicates:
-- `key` names the ranked set they were computed for (a board whose set moved shows them pending).
CREATE TABLE "board_ranks" (
    "release_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "millis" INTEGER NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "board_ranks_pkey" PRIMARY KEY ("release_id")
);
ALTER TABLE "board_ranks" ADD CONSTRAINT "board_ranks_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE FUNCTION "bump_board_version_ranks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "releases" SET "board_version" = "board_version" + 1 WHERE "id" = NEW."release_id";
  RETURN NEW;
END $$;
CREATE TRIGGER "board_ranks_board_version" AFTER INSERT OR UPDATE ON "board_ranks"
  FOR EACH ROW EXECUTE FUNCTION "bump_board_version_ranks"();

-- A team withdraws its own submission: off every public view (as hidden), still counted in "best of N".
ALTER TABLE "submissions" ADD COLUMN "withdrawn_at" TIMESTAMPTZ(3);

-- Attempts: a team's scored uploads per release, and duplicate files within a team and task.
CREATE INDEX "submissions_upload_release_id_team_id_idx" ON "submissions"("upload_release_id", "team_id");
CREATE INDEX "submissions_task_id_team_id_file_sha256_idx" ON "submissions"("task_id", "team_id", "file_sha256");

-- Issue 48: snapshots cost what changed. A snapshot's file is an ordered list of content-addressed
-- objects (`parts`, SHA-256 hex); its bytes are their concatenation. A table that changes with
-- every snapshot (the board, the moderation ledger) is one object; the release's instances are
-- one object shared by every snapshot of the release; the predictions file is a gzip stream
-- assembled from one object per submission (lib/snapshots/gzip-join.ts), each built once per score
-- and kept in `snapshot_parts`. So a new snapshot after one upload writes the board, the ledger,
-- one submission's predictions and the manifest — not every prediction of the release.
CREATE TABLE "snapshot_objects" (
  "sha256"     TEXT PRIMARY KEY,
  "size"       INTEGER NOT NULL,
  "data"       BYTEA NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

-- A submission's predictions on a release as a part of a snapshot's predictions file, built for
-- its score as computed at `computed_at` (a re-score builds it again).
CREATE TABLE "snapshot_parts" (
  "submission_id" UUID NOT NULL,
  "release_id"    UUID NOT NULL,
  "computed_at"   TIMESTAMPTZ(3) NOT NULL,
  "object"        TEXT NOT NULL REFERENCES "snapshot_objects" ("sha256") ON DELETE CASCADE,
  "rows"          INTEGER NOT NULL,
  "crc32"         BIGINT NOT NULL,
  "raw_size"      BIGINT NOT NULL,
  PRIMARY KEY ("submission_id", "release_id")
);
CREATE INDEX "snapshot_parts_object_idx" ON "snapshot_parts" ("object");

-- Existing files become one object each.
INSERT INTO "snapshot_objects" ("sha256", "size", "data")
  SELECT DISTINCT ON ("sha256") "sha256", "size", "data" FROM "snapshot_files"
  ON CONFLICT ("sha256") DO NOTHING;
ALTER TABLE "snapshot_files" ADD COLUMN "parts" TEXT[];
UPDATE "snapshot_files" SET "parts" = ARRAY["sha256"];
ALTER TABLE "snapshot_files" ALTER COLUMN "parts" SET NOT NULL;
ALTER TABLE "snapshot_files" DROP COLUMN "data";
ALTER TABLE "snapshot_files" ALTER COLUMN "size" TYPE BIGINT;

-- Which files hold an object (the collection of objects no live snapshot holds).
CREATE INDEX "snapshot_files_parts_idx" ON "snapshot_files" USING GIN ("parts");

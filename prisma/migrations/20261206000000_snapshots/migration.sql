-- Issue 31: content-addressed snapshots of a release's board. A snapshot's id is the SHA-256 of
-- its manifest.json, which lists each file's SHA-256, size and row count; the files are written
-- once and never changed. Task and release are plain references, not foreign keys: a snapshot
-- outlives changes to the rows it froze. Only an admin's takedown removes its files (the row
-- stays, saying so).
CREATE TABLE "snapshots" (
    "id" TEXT NOT NULL,
    "task_id" UUID NOT NULL,
    "release_id" UUID NOT NULL,
    "release_version" TEXT NOT NULL,
    "hidden" BOOLEAN NOT NULL,
    "reason" TEXT NOT NULL,
    "board_version" BIGINT NOT NULL,
    "manifest" BYTEA NOT NULL,
    "bytes" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "taken_down_at" TIMESTAMPTZ(3),
    "takedown_reason" TEXT,

    CONSTRAINT "snapshots_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "snapshots_task_id_created_at_idx" ON "snapshots"("task_id", "created_at");
CREATE INDEX "snapshots_release_id_created_at_idx" ON "snapshots"("release_id", "created_at");

CREATE TABLE "snapshot_files" (
    "snapshot_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "rows" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "snapshot_files_pkey" PRIMARY KEY ("snapshot_id", "name")
);
ALTER TABLE "snapshot_files" ADD CONSTRAINT "snapshot_files_snapshot_id_fkey" FOREIGN KEY ("snapshot_id") REFERENCES "snapshots"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A task's pages name its snapshots (the cite card, the releases page): a new one, or a takedown,
-- moves the task's signature (response-cache.sql.ts reads the newest) and notifies at commit.
CREATE FUNCTION "notify_snapshot_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('release_changed', 'snapshot:' || COALESCE(NEW."task_id", OLD."task_id")::text);
  RETURN NULL;
END $$;
CREATE TRIGGER "snapshots_notify" AFTER INSERT OR UPDATE OR DELETE ON "snapshots"
  FOR EACH ROW EXECUTE FUNCTION "notify_snapshot_changed"();

-- Issue 34: an integrity audit of every upload, run by the `audit-submission` job after the score
-- is stored (lib/server/integrity). One row per audited submission: what was found (`status`,
-- `reasons`) and the compact fingerprints later uploads are compared against, so an audit never
-- re-reads other submissions' predictions:
--   fingerprint        per covered instance, (hash of its id, hash of its prediction without
--                      storage-only fields) as two little-endian uint32, sorted by the id hash
--                      (8 bytes an instance; independent of the release's instance order)
--   prediction_sketch  bottom-128 MinHash of those pairs (uint32 LE, ascending): a cheap
--                      first pass that picks which fingerprints are worth comparing in full
--   text_sketch        bottom-256 MinHash of the traces' sampled 5-word shingles (NULL: no text)
-- A submission with no row is "pending". A flagged audit stays in the admins' queue until an admin
-- hides the submission, or verifies it (leaves it up, vouched for). Nothing here is public.
CREATE TABLE "submission_audits" (
    "submission_id" UUID NOT NULL,
    "release_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "reasons" JSONB NOT NULL DEFAULT '[]',
    "covered" INTEGER NOT NULL DEFAULT 0,
    "fingerprint" BYTEA NOT NULL,
    "prediction_sketch" BYTEA NOT NULL,
    "text_sketch" BYTEA,
    "text_shingles" INTEGER NOT NULL DEFAULT 0,
    "millis" INTEGER NOT NULL DEFAULT 0,
    "audited_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "submission_audits_pkey" PRIMARY KEY ("submission_id"),
    CONSTRAINT "submission_audits_status_check" CHECK ("status" IN ('clean', 'flagged'))
);
CREATE INDEX "submission_audits_status_audited_at_idx" ON "submission_audits"("status", "audited_at");
ALTER TABLE "submission_audits" ADD CONSTRAINT "submission_audits_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

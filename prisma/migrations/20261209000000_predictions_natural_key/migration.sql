-- Issue 36 (bytes per submission): a prediction is found by its submission and instance, never by
-- its surrogate id. The id's primary-key index was never scanned and took 368 MB at 10,110
-- submissions × 1,699 instances (9% of the database): the (submission_id, external_id) key becomes
-- the primary key (its unique index is reused, renamed; nothing is rebuilt) and the id's index goes.
-- The id column stays for one release: a web process of the previous release still names it when
-- it reads a whole row (expand, then contract: docs/operations.md). The next release drops it.
ALTER TABLE "predictions" DROP CONSTRAINT "predictions_pkey";
ALTER TABLE "predictions" ADD CONSTRAINT "predictions_pkey" PRIMARY KEY USING INDEX "predictions_submission_id_external_id_key";

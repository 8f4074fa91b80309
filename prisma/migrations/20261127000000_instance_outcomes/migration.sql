-- Issue 18: every page from what was computed at write time.
-- A score's per-instance outcomes, in the release's instance order (instances.position): two
-- bitsets of ceil(n/8) bytes each, "covered" then "right" (bit i of byte i>>3, LSB first).
-- The instance explorer and instance pages sum them per release (cached per board_version)
-- instead of reading every submission's predictions. NULL until written (scores from before
-- this migration are filled by the fill-outcomes job).
ALTER TABLE "scores" ADD COLUMN "outcomes" BYTEA;

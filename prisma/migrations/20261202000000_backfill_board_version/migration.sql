-- The back-fills of per-instance outcomes and per-slice breakdowns (fill-outcomes, fill-breakdowns)
-- update `outcomes` and `details` alone: a per-row bump of the board version for each of them
-- invalidated every cached board and page once per score, for minutes after a re-score (the
-- leaderboard page read 30× a static asset while they ran). The trigger now fires on the columns
-- a score write or a Ladder decision sets; the back-fill bumps once per batch itself.
DROP TRIGGER "scores_board_version" ON "scores";
CREATE TRIGGER "scores_board_version"
  AFTER INSERT OR DELETE OR UPDATE OF "submission_id", "release_id", "primary_metric", "primary_value", "ci_low",
    "ci_high", "metrics", "covered", "total", "partial", "metrics_version", "computed_at", "replicates",
    "ladder_released", "ladder_margin", "ladder_primary", "ladder_metrics"
  ON "scores" FOR EACH ROW EXECUTE FUNCTION "bump_board_version_scores"();

-- Issue 20 first stored a run's trajectories link as `meta.trajectories_url`; it is the upload's
-- `logs_url` (one link per submission, shown on the board and the page). Move it there (a logs
-- link given as well wins) and drop the key, so stored metadata is SystemMeta again. The
-- submissions trigger bumps the boards of each row changed.
UPDATE "submissions"
   SET "logs_url" = COALESCE("logs_url", "meta" ->> 'trajectories_url'),
       "meta" = "meta" - 'trajectories_url'
 WHERE "meta" ? 'trajectories_url';

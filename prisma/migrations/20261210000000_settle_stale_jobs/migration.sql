-- Jobs a kill -9 left for good before the reaper settled them (lib/server/jobs/heartbeat.ts): rows
-- at attempts = max_attempts without an error, which graphile-worker never runs again and the
-- job gauges count as failed. A job of a kind always queued with a key that has none lost it to
-- a newer job of that key while it ran (graphile-worker's replace mode): the newer one did its
-- work, so it goes. Any other died on its last attempt: it is failed, saying so, with the `jobs`
-- row its payload names (which said "running"). Data only; nothing to do on a fresh database
-- (the queue's schema is installed after these migrations).
DO $$
BEGIN
  IF to_regclass('graphile_worker._private_jobs') IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM graphile_worker._private_jobs j
   USING graphile_worker._private_tasks t
   WHERE t.id = j.task_id AND j.key IS NULL AND j.locked_at IS NULL AND j.last_error IS NULL
     AND j.attempts >= j.max_attempts
     AND t.identifier IN ('refresh-board', 'fill-outcomes', 'fill-breakdowns', 'fill-audits',
                          'audit-submission', 'judge-labels', 'judge-finish', 'bump-board');
  WITH failed AS (
    UPDATE graphile_worker._private_jobs j
       SET last_error = 'the process running its last attempt stopped (settled by migration 20261210000000)'
     WHERE j.locked_at IS NULL AND j.last_error IS NULL AND j.attempts >= j.max_attempts
    RETURNING j.payload
  )
  UPDATE jobs SET status = 'failed', finished_at = now(),
         error = 'the process running its last attempt stopped'
    FROM failed f
   WHERE jobs.id::text = f.payload->>'jobId' AND jobs.status NOT IN ('done', 'failed');
END $$;

-- Issue 18: every web process keeps its tasks' release signatures (id:status:board_version) in
-- memory, fed by these notifications, instead of asking the database on every cached read.
-- NOTIFY is delivered at commit, once per payload per transaction (a batch of score writes
-- that moves board_version many times notifies once).
CREATE FUNCTION "notify_release_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('release_changed', COALESCE(NEW."task_id", OLD."task_id")::text);
  RETURN NULL;
END $$;
CREATE TRIGGER "releases_notify" AFTER INSERT OR UPDATE OR DELETE ON "releases"
  FOR EACH ROW EXECUTE FUNCTION "notify_release_changed"();

-- Issue 30: what a task's cached pages show of the task itself — its name, description, quotas,
-- the "approved teams only" switch of its hidden releases — and of its benchmark is part of
-- its signature (md5 of the rows, lib/server/http/response-cache.sql.ts). A change of either row
-- notifies `release_changed`, so each web process drops the signatures it keeps and visitors
-- see the change at once (it waited for the 10-minute cap before).
CREATE FUNCTION "notify_task_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('release_changed', 'task:' || COALESCE(NEW."id", OLD."id")::text);
  RETURN NULL;
END $$;
CREATE TRIGGER "tasks_notify" AFTER INSERT OR DELETE ON "tasks"
  FOR EACH ROW EXECUTE FUNCTION "notify_task_changed"();
CREATE TRIGGER "tasks_notify_update" AFTER UPDATE ON "tasks"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_task_changed"();
CREATE TRIGGER "benchmarks_notify" AFTER INSERT OR DELETE ON "benchmarks"
  FOR EACH ROW EXECUTE FUNCTION "notify_task_changed"();
CREATE TRIGGER "benchmarks_notify_update" AFTER UPDATE ON "benchmarks"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_task_changed"();

-- Issue 18: visitors' team pages and `GET /api/v1/teams/{slug}` are cached like boards. Besides
-- the releases' board_version (moved by every scored upload and every change of a submission or
-- of the team's name), they show the team's members: `members_version` moves when a membership
-- is added, changed or removed (a deleted account's included) or a member's name changes. Every
-- change or deletion of a team row notifies `release_changed`, so each web process drops the
-- signatures it keeps (lib/server/http/release-signatures.ts).
ALTER TABLE "teams" ADD COLUMN "members_version" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION "bump_members_version_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "teams" SET "members_version" = "members_version" + 1 WHERE "id" = OLD."team_id";
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."team_id" IS DISTINCT FROM OLD."team_id") THEN
    UPDATE "teams" SET "members_version" = "members_version" + 1 WHERE "id" = NEW."team_id";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "memberships_members_version" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "bump_members_version_memberships"();

CREATE FUNCTION "bump_members_version_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "teams" SET "members_version" = "members_version" + 1
   WHERE "id" IN (SELECT "team_id" FROM "memberships" WHERE "user_id" = NEW."id");
  RETURN NULL;
END $$;
CREATE TRIGGER "users_members_version" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "bump_members_version_users"();

CREATE FUNCTION "notify_team_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('release_changed', 'team:' || COALESCE(NEW."id", OLD."id")::text);
  RETURN NULL;
END $$;
CREATE TRIGGER "teams_notify" AFTER UPDATE ON "teams"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "notify_team_changed"();
-- no path of the app deletes a team; one deleted by hand must not stay on its cached page
CREATE TRIGGER "teams_notify_delete" AFTER DELETE ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "notify_team_changed"();

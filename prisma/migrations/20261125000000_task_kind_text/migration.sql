-- Task kinds are a registry in code (lib/tasks/index.ts), not a database enum: adding a kind is
-- adding a folder, with no migration. The application checks a task's kind against the registry.
ALTER TABLE "tasks" ALTER COLUMN "kind" TYPE TEXT USING "kind"::TEXT;
DROP TYPE "TaskKind";

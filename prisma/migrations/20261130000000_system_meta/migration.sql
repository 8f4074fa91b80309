-- Structured system metadata (issue 20): agent, base model, judge, temperature, … (lib/validations/common.ts SystemMeta)
ALTER TABLE "submissions" ADD COLUMN "meta" JSONB NOT NULL DEFAULT '{}';

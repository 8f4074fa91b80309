-- Issue 34, part 1: CR-Bench's CR-Evaluator run by the server (lib/server/judging).
--   submissions.judged_by   who decided the verdicts its score counts: 'team' (in the file) or
--                           'server' (the configured judge); NULL on kinds without a judge
--   judge_verdicts          the verdict cache: one row per (instance, judge model, prompt template,
--                           filled prompt) — `key` is the SHA-256 of those — so an identical comment
--                           on the same bug is judged once across submissions. `outcome` 'malformed':
--                           the judge never answered a class after its retries (counted as noise).
--   judge_runs              one judging of a submission against a release: its judge, its prompt
--                           template's version and SHA-256, how it went (the last error a judge
--                           outage left), while its comments are judged; `queued`: the prompts it
--                           sent to the judge (not cached then), counted against the team's day
--   judge_items             the distinct prompts a run needs (`comments`: how many of its comments
--                           share it); a run's progress is the share whose key has a verdict
--   judge_rate              requests per minute, counted across every process (fixed windows)
--   judge_spend             requests and tokens per UTC day (YYYY-MM-DD): the spending cap's ledger
ALTER TYPE "SubmissionStatus" ADD VALUE 'judging';
ALTER TABLE "submissions" ADD COLUMN "judged_by" TEXT;

CREATE TABLE "judge_verdicts" (
    "key" TEXT NOT NULL,
    "instance_id" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "prompt_sha256" TEXT NOT NULL,
    "classification" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "outcome" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_verdicts_pkey" PRIMARY KEY ("key"),
    CONSTRAINT "judge_verdicts_outcome_check" CHECK ("outcome" IN ('ok', 'malformed'))
);

CREATE TABLE "judge_runs" (
    "submission_id" UUID NOT NULL,
    "release_id" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "prompt_version" TEXT NOT NULL,
    "prompt_sha256" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "last_error" TEXT,
    "queued" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_runs_pkey" PRIMARY KEY ("submission_id", "release_id"),
    CONSTRAINT "judge_runs_status_check" CHECK ("status" IN ('judging', 'done'))
);
ALTER TABLE "judge_runs" ADD CONSTRAINT "judge_runs_submission_id_fkey" FOREIGN KEY ("submission_id") REFERENCES "submissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "judge_runs" ADD CONSTRAINT "judge_runs_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "judge_items" (
    "submission_id" UUID NOT NULL,
    "release_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "instance_id" TEXT NOT NULL,
    "comments" INTEGER NOT NULL DEFAULT 1,
    "prompt" TEXT NOT NULL,

    CONSTRAINT "judge_items_pkey" PRIMARY KEY ("submission_id", "release_id", "key")
);
CREATE INDEX "judge_items_key_idx" ON "judge_items"("key");
ALTER TABLE "judge_items" ADD CONSTRAINT "judge_items_run_fkey" FOREIGN KEY ("submission_id", "release_id") REFERENCES "judge_runs"("submission_id", "release_id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "judge_rate" (
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "judge_rate_pkey" PRIMARY KEY ("window_start")
);

CREATE TABLE "judge_spend" (
    "day" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "prompt_tokens" BIGINT NOT NULL DEFAULT 0,
    "completion_tokens" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "judge_spend_pkey" PRIMARY KEY ("day")
);

-- The judge against a release's human labels (a sample of comments a human classified, shipped in
-- the release's truth): agreement figures per (release, model, template), computed by the
-- `judge-labels` job once the judge has classified every labeled comment.
CREATE TABLE "judge_agreements" (
    "release_id" UUID NOT NULL,
    "model" TEXT NOT NULL,
    "prompt_sha256" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judge_agreements_pkey" PRIMARY KEY ("release_id", "model", "prompt_sha256")
);
ALTER TABLE "judge_agreements" ADD CONSTRAINT "judge_agreements_release_id_fkey" FOREIGN KEY ("release_id") REFERENCES "releases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

// Every background job the workers run, in one explicit list (as documenso's JobClient([...])):
// a handler runs only if it is named here, and the JobRegistry type makes a job of
// lib/contracts/jobs.ts without a handler a compile error. Features define their handlers
// (defineJob / defineUpkeep) and never register anything as a side effect of being imported.
import type { JobRegistry } from "@/lib/server/jobs";
import { refreshBoardUpkeep } from "@/lib/server/leaderboard";
import { rescoreJob, rescorePartUpkeep } from "@/lib/server/releases";
import { bumpBoardUpkeep, fillBreakdownsUpkeep, fillOutcomesUpkeep } from "@/lib/server/scoring";
import { scoreUploadJob, sweepUploadsUpkeep } from "@/lib/server/submissions";
import {
  snapshotBoardUpkeep,
  snapshotChangedUpkeep,
  snapshotJob,
  snapshotPublishedUpkeep,
} from "@/lib/server/snapshots";
import { auditSubmissionUpkeep, fillAuditsUpkeep } from "@/lib/server/integrity";
import { judgeCommentsUpkeep, judgeFinishUpkeep, judgeLabelsUpkeep } from "@/lib/server/judging";

export const JOBS: JobRegistry = {
  "score-upload": scoreUploadJob,
  rescore: rescoreJob,
  "rescore-part": rescorePartUpkeep,
  "refresh-board": refreshBoardUpkeep,
  "sweep-uploads": sweepUploadsUpkeep,
  "fill-outcomes": fillOutcomesUpkeep,
  "fill-breakdowns": fillBreakdownsUpkeep,
  "bump-board": bumpBoardUpkeep,
  snapshot: snapshotJob,
  "snapshot-changed": snapshotChangedUpkeep,
  "snapshot-published": snapshotPublishedUpkeep,
  "snapshot-board": snapshotBoardUpkeep,
  "audit-submission": auditSubmissionUpkeep,
  "fill-audits": fillAuditsUpkeep,
  "judge-comments": judgeCommentsUpkeep,
  "judge-finish": judgeFinishUpkeep,
  "judge-labels": judgeLabelsUpkeep,
};

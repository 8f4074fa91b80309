// Every background job the workers run, in one explicit list (as documenso's JobClient([...])):
// a handler runs only if it is named here, and the JobRegistry type makes a job of
// lib/contracts/jobs.ts without a handler a compile error. Features define their handlers
// (defineJob / defineTask) and never register anything as a side effect of being imported.
import type { JobRegistry } from "@/lib/server/jobs";
import { refreshBoardTask } from "@/lib/server/leaderboard";
import { rescoreJob, rescorePartTask } from "@/lib/server/releases";
import { bumpBoardTask, fillBreakdownsTask, fillOutcomesTask } from "@/lib/server/scoring";
import { scoreUploadJob, sweepUploadsTask } from "@/lib/server/submissions";
import { snapshotBoardTask, snapshotChangedTask, snapshotJob, snapshotPublishedTask } from "@/lib/server/snapshots";
import { auditSubmissionTask, fillAuditsTask } from "@/lib/server/integrity";
import { judgeCommentsTask, judgeFinishTask, judgeLabelsTask } from "@/lib/server/judging";

export const JOBS: JobRegistry = {
  "score-upload": scoreUploadJob,
  rescore: rescoreJob,
  "rescore-part": rescorePartTask,
  "refresh-board": refreshBoardTask,
  "sweep-uploads": sweepUploadsTask,
  "fill-outcomes": fillOutcomesTask,
  "fill-breakdowns": fillBreakdownsTask,
  "bump-board": bumpBoardTask,
  snapshot: snapshotJob,
  "snapshot-changed": snapshotChangedTask,
  "snapshot-published": snapshotPublishedTask,
  "snapshot-board": snapshotBoardTask,
  "audit-submission": auditSubmissionTask,
  "fill-audits": fillAuditsTask,
  "judge-comments": judgeCommentsTask,
  "judge-finish": judgeFinishTask,
  "judge-labels": judgeLabelsTask,
};

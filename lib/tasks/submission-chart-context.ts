import type { LengthBucket } from "./binary-abstention/chart-data";
import type { TaskOptions } from "./types";

/** What a kind's submission-page chart builder gets: the score's stored details and loaders. */
export interface SubmissionChartContext {
  details: Record<string, unknown>;
  /** a hidden release: per-instance charts are not drawn (the page does not ask, to be sure) */
  hidden: boolean;
  options: TaskOptions;
  /** the submission's length buckets, or null */
  lengths: { id: string; name: string; buckets: LengthBucket[]; covered: number }[] | null;
  /** the submission's predictions with their instances' truth (for client-side explorers); server-side only */
  pairs: () => Promise<{ truth: Record<string, unknown>; prediction: Record<string, unknown>; metadata: Record<string, unknown> }[]>;
}

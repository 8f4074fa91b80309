// One word for where a submission stands (issue 49): the same on the team page, the account page
// and the API. Withdrawn first (its team took it off for good; it is hidden too), then held for
// review by the integrity audit (a hold is a hide whose public reason begins "held for review"),
// then hidden by the maintainers, then its visibility.

export const SUBMISSION_STATUSES = ["withdrawn", "held for review", "hidden", "private", "public"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export interface StatusFacts {
  visibility: string;
  withdrawnAt?: Date | string | null;
  hiddenAt?: Date | string | null;
  hiddenReason?: string | null;
}

/** @example submissionStatus({ visibility: "public", withdrawnAt: new Date() }) // "withdrawn" */
export function submissionStatus(s: StatusFacts): SubmissionStatus {
  if (s.withdrawnAt) return "withdrawn";
  if (s.hiddenAt) return s.hiddenReason?.startsWith("held for review") ? "held for review" : "hidden";
  return s.visibility === "private" ? "private" : "public";
}

/** Only a submission on view — public or private — offers "Make private" / "Make public". */
export function canSwitchVisibility(status: SubmissionStatus): boolean {
  return status === "public" || status === "private";
}

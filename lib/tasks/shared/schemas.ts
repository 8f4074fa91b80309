import { z } from "zod";

/** A stored number that may have been undefined (NaN/∞ are stored as JSON null). */
export const StoredNumber = z.number().nullable();

/** A precision-recall curve as stored in score details (lib/metrics/precision-recall-curve). */
export const PrCurveSchema = z.object({
  thresholds: z.array(z.number()),
  precision: z.array(z.number()),
  recall: z.array(z.number()),
});

/** A share of a confusion matrix (lib/metrics/confusion-counts). */
export const ConfusionCountsSchema = z.object({
  tp: z.number().int(),
  fp: z.number().int(),
  tn: z.number().int(),
  fn: z.number().int(),
});

/**
 * What a server-judged score says of its judging (issue 47), in the score details of a kind with a
 * server judge (`judging`): the items the host's screen found addressing the judge, and — for a
 * file that carried its own verdicts on a public release — how far those agree with the server's.
 * lib/server/judging shows it next to the verdicts.
 */
export const ServerJudgingDetails = z.object({
  /** items (CR-Bench: comments) the screen flagged: their text addressed to the judge never reached it */
  addressedJudge: z.number().int(),
  /** the file's own verdicts against the server's, over the items that carried one (null: none did) */
  self: z
    .object({
      /** items carrying both verdicts */
      items: z.number().int(),
      /** share of them given the same class by both */
      agreement: StoredNumber,
      /** Cohen's κ of the two over every class (null: undefined, e.g. one class only) */
      kappa: StoredNumber,
      /** items the file called positive (bug_hit), and the server did */
      ownPositives: z.number().int(),
      serverPositives: z.number().int(),
      /** instances (PRs) with a positive item by the file's verdicts, and by the server's */
      ownInstancesHit: z.number().int(),
      serverInstancesHit: z.number().int(),
    })
    .nullable(),
});
export type ServerJudgingDetails = z.infer<typeof ServerJudgingDetails>;

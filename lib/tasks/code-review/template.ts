import type { PredictionTemplate } from "@/lib/tasks/types";

/**
 * A blank CR-Bench file: per pull request its review `comments` to fill, null — an array of
 * `{ file, line, comment, severity?, judgment }` (an empty array is a valid review with no
 * comment). Unfilled, each pull request is one problem naming `comments` ("missing").
 *
 * @example buildReviewTemplate([{ externalId: "pr-0001" }]).file // → { "pr-0001": { comments: null } }
 */
export function buildReviewTemplate(instances: { externalId: string }[]): PredictionTemplate {
  return {
    file: Object.fromEntries(instances.map((i) => [i.externalId, { comments: null }])),
    blanks: instances.map((i) => ({ instanceId: i.externalId, field: "comments" })),
  };
}

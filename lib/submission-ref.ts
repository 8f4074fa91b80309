// How a message names another submission (issue 49): "model by team", with the path of its page —
// never a bare id. Pages turn the path into a link (components/ui/linked-text.tsx); API clients
// read it as a relative URL.

/** "claude-3.7-sonnet by BouncerBench authors (/submissions/{id})". */
export function submissionRef(s: { id: string; model: string; team: string | null }): string {
  return `${s.model} by ${s.team ?? "no team"} (${submissionPath(s.id)})`;
}

export function submissionPath(id: string): string {
  return `/submissions/${id}`;
}

/** A submission's path in a message (the id is a UUID). */
export const SUBMISSION_PATH = /\/submissions\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

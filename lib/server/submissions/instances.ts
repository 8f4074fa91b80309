/** How much of a long text field (a trace, an explanation) a page shows; the rest is a link away. */
export const PAGE_TEXT_BYTES = 10 * 1024;

/** A prediction with its long string fields cut to their first PAGE_TEXT_BYTES, and which were cut. */
export function clipPrediction(
  data: Record<string, unknown>,
  limit = PAGE_TEXT_BYTES,
): { prediction: Record<string, unknown>; clipped: string[] } {
  const clipped: string[] = [];
  const prediction: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (typeof v === "string" && v.length > limit) {
      prediction[k] = v.slice(0, limit);
      clipped.push(k);
    } else if (v !== null && typeof v === "object" && JSON.stringify(v).length > limit) {
      prediction[k] = `${JSON.stringify(v).slice(0, limit)}`;
      clipped.push(k);
    } else prediction[k] = v;
  }
  return { prediction, clipped };
}

/** A short, public description of an instance for lists. */
export function instanceSummary(metadata: Record<string, unknown>): string {
  const s = (metadata.title ?? metadata.problem_statement ?? metadata.repo ?? "") as string;
  return String(s).replace(/\s+/g, " ").slice(0, 140);
}

import type { PredictionTemplate } from "@/lib/tasks/types";

/**
 * A blank CI-Bench file: every artifact's id with an empty object. Here `"patch": null` is an
 * answer of its own (no patch: counted as not generated), so a null placeholder would upload
 * unfilled as a valid, all-empty submission; the template leaves the key out instead. Add
 * `"patch"` (a unified diff, or null) and optionally `"plausible"` / `"correct"` (true or false)
 * to each; unfilled, each artifact is one problem naming `patch` ("missing").
 *
 * @example buildCiTemplate([{ externalId: "org-repo-123" }]).file // → { "org-repo-123": {} }
 */
export function buildCiTemplate(instances: { externalId: string }[]): PredictionTemplate {
  return {
    file: Object.fromEntries(instances.map((i) => [i.externalId, {}])),
    blanks: instances.map((i) => ({ instanceId: i.externalId, field: "patch" })),
  };
}

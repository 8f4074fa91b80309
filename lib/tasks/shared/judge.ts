// Judge provenance (issue 20, item 5): on kinds whose predictions carry an LLM judge's verdicts
// (CR-Bench's CR-Evaluator, Abstain-and-Validate's patch validation policy) an upload names its
// judge model and prompt, and a run judged as the paper did is marked as such. Pure.
import { validationError, type Problem } from "@/lib/errors";
import type { JudgeSpec } from "@/lib/tasks/define";

type Judged = { judge_model?: unknown; judge_prompt?: unknown };

/** The paper setup a run's judge matches (its label), or null. */
export function paperSetup(spec: JudgeSpec | undefined, meta: Judged | null | undefined): string | null {
  if (!spec || !meta) return null;
  const model = typeof meta.judge_model === "string" ? meta.judge_model.trim() : "";
  const prompt = typeof meta.judge_prompt === "string" ? meta.judge_prompt.trim().toLowerCase() : "";
  if (!model || !prompt) return null;
  return spec.paper.find((p) => p.model.test(model) && p.prompts.includes(prompt))?.label ?? null;
}

/** The problems of an upload that does not name its judge (none when the kind has no judge). */
export function judgeProblems(spec: JudgeSpec | undefined, meta: Judged): Problem[] {
  if (!spec) return [];
  const paper = spec.paper[0];
  const problems: Problem[] = [];
  if (!meta.judge_model)
    problems.push({
      field: "judge_model",
      message: `required on this task: name the model that produced ${spec.decides}`,
      expected: paper ? `a model name, e.g. the paper's: ${paper.label}` : "a model name",
    });
  if (!meta.judge_prompt)
    problems.push({
      field: "judge_prompt",
      message: "required on this task: name the judge's prompt and its version",
      expected: `a prompt name, e.g. ${spec.paper.flatMap((p) => p.prompts.slice(0, 1)).join(" or ")} for the paper's prompt`,
    });
  return problems;
}

/** Throws the 422 of an upload that does not name its judge. */
export function assertJudgeNamed(spec: JudgeSpec | undefined, meta: Judged): void {
  const problems = judgeProblems(spec, meta);
  if (problems.length)
    throw validationError("this task's predictions carry a judge's verdicts: name the judge", problems);
}

/**
 * The items of a file's predictions without a verdict, on a kind with a server judge (issue 50,
 * item 5): scored offline, each counts as the judge's `malformedAs` (CR-Bench: noise), so `cli
 * score` says how many. Null on kinds without one, or when every item has its verdict.
 */
export function unjudgedItems(
  judge: { unjudged?(prediction: Record<string, unknown>): number; unit: string; malformedAs: string } | undefined,
  predictions: Iterable<Record<string, unknown>>,
): { items: number; predictions: number; unit: string; countedAs: string } | null {
  if (!judge?.unjudged) return null;
  let items = 0;
  let preds = 0;
  for (const p of predictions) {
    const n = judge.unjudged(p);
    if (n > 0) {
      items += n;
      preds++;
    }
  }
  return items ? { items, predictions: preds, unit: judge.unit, countedAs: judge.malformedAs } : null;
}

import { binaryAbstentionUi } from "./binary-abstention";
import { bouncerPipelineUi } from "./bouncer-pipeline";
import { ciRepairUi } from "./ci-repair";
import { codeReviewUi } from "./code-review";
import type { RegisteredKindUi } from "./define";
import { GenericInstanceView, GenericPredictionView } from "./generic";
import { scoredAbstentionUi } from "./scored-abstention";

/** The UI registry: each kind's components (components/tasks/<kind>), keyed by kind name. */
const UI = new Map<string, RegisteredKindUi>();

/** @throws Error when another UI has the kind's name */
export function registerKindUi(ui: RegisteredKindUi): void {
  const had = UI.get(ui.kind);
  if (had && had !== ui) throw new Error(`UI of task kind ${ui.kind} is already registered`);
  UI.set(ui.kind, ui);
}

for (const ui of [binaryAbstentionUi, bouncerPipelineUi, scoredAbstentionUi, ciRepairUi, codeReviewUi])
  registerKindUi(ui);

/** A kind's UI; a kind without one shows the generic parts of its pages only. */
export function kindUi(kind: string): RegisteredKindUi {
  return UI.get(kind) ?? { kind };
}

/** How a kind shows one instance and one prediction: its own views, else the generic ones. */
export function kindViews(kind: string): Required<Pick<RegisteredKindUi, "InstanceView" | "PredictionView">> {
  const ui = kindUi(kind);
  return {
    InstanceView: ui.InstanceView ?? GenericInstanceView,
    PredictionView: ui.PredictionView ?? GenericPredictionView,
  };
}

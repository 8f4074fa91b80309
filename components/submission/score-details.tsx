import { kindUi } from "@/components/tasks";
import type { ResolvedTask } from "@/lib/server/tasks";
import type { Metrics } from "@/lib/tasks/types";

/** A submission's score details, drawn by its kind (components/tasks/<kind>) from details parsed with the kind's schema. Aggregates only. */
export function ScoreDetails({ task, details, metrics }: { task: ResolvedTask; details: unknown; metrics: Metrics }) {
  const Kind = kindUi(task.kindName).ScoreDetails;
  return Kind ? <Kind details={task.kind.readDetails(details)} metrics={metrics} /> : null;
}

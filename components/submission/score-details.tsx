import { kindUi } from "@/components/tasks";
import type { ResolvedTask } from "@/lib/server/tasks";
import { EmptyState } from "@/components/ui/card";
import { unlessStale } from "@/lib/tasks/define";
import type { Metrics } from "@/lib/tasks/types";

/** A submission's score details, drawn by its kind (components/tasks/<kind>) from details parsed with the kind's schema. Aggregates only. */
export function ScoreDetails({ task, details, metrics }: { task: ResolvedTask; details: unknown; metrics: Metrics }) {
  const Kind = kindUi(task.kindName).ScoreDetails;
  if (!Kind) return null;
  const parsed = unlessStale(`score details of a ${task.fullSlug} submission`, () => task.kind.readDetails(details));
  return parsed === null ? (
    <EmptyState title="Score details unavailable">
      They were stored by an earlier version of the scorer; re-scoring the release (admins) rewrites them.
    </EmptyState>
  ) : (
    <Kind details={parsed} metrics={metrics} />
  );
}

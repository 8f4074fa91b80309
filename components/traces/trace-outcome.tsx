import { Badge } from "@/components/ui/badge";
import type { TraceOutcome } from "@/lib/server/submissions";

/**
 * The verdict at the top of a trace: "Prediction: … · Truth: … · ✓ right / ✗ wrong" on the
 * release the submission's score is shown for; on a hidden release only that its outcomes are not
 * shown (the truth, right or wrong included, never leaves the server).
 */
export function TraceOutcomeLine({ outcome }: { outcome: TraceOutcome | null }) {
  if (!outcome) return null;
  const release = <span className="text-muted"> (release {outcome.release})</span>;
  if (outcome.state === "hidden") {
    return (
      <p className="text-sm text-muted" data-testid="trace-outcome" data-outcome="hidden">
        Hidden test set: outcomes are not shown{release}.
      </p>
    );
  }
  if (outcome.state === "absent") {
    return (
      <p className="text-sm text-muted" data-testid="trace-outcome" data-outcome="absent">
        This instance is not in release {outcome.release}: no outcome to show.
      </p>
    );
  }
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
      data-testid="trace-outcome"
      data-outcome={outcome.correct ? "right" : "wrong"}
    >
      <span>
        Prediction: <strong className="font-mono">{outcome.predicted}</strong>
      </span>
      <span aria-hidden="true">·</span>
      <span>
        Truth: <strong className="font-mono">{outcome.expected}</strong>
      </span>
      <span aria-hidden="true">·</span>
      {outcome.correct ? <Badge tone="green">✓ right</Badge> : <Badge tone="red">✗ wrong</Badge>}
      {release}
    </p>
  );
}

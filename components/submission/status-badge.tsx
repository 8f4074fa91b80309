import { Badge } from "@/components/ui/badge";
import type { SubmissionStatus } from "@/lib/submission-status";

/** The one word for where a submission stands (lib/submission-status.ts), with a hide's reason. */
export function StatusBadge({ status, reason = null }: { status: SubmissionStatus; reason?: string | null }) {
  switch (status) {
    case "withdrawn":
      return <Badge tone="amber">withdrawn</Badge>;
    case "held for review":
      return <Badge tone="amber">held for review</Badge>;
    case "hidden":
      return <Badge tone="amber">{reason ? `hidden: ${reason}` : "hidden"}</Badge>;
    case "private":
      return <Badge tone="red">private</Badge>;
    default:
      return <Badge>public</Badge>;
  }
}

// Uploads the integrity audit holds for review (issue 47), under their board: outside the
// ranking — no rank, no interval, no row, no score — until an admin clears or confirms them; the
// moderation ledger (the changelog) records each hold and each decision.
import Link from "next/link";
import { formatDate } from "@/lib/format";
import type { HeldEntry } from "@/lib/server/integrity";

export function HeldForReview({ held, changelog }: { held: HeldEntry[]; changelog: string }) {
  if (!held.length) return null;
  return (
    <section
      aria-label="Held for review"
      data-testid="held-for-review"
      className="mt-4 rounded-lg border border-slate-300 p-3 text-sm dark:border-slate-700"
    >
      <h2 className="font-semibold">Held for review ({held.length})</h2>
      <p className="text-muted">
        Uploaded publicly and held by the integrity audit before being ranked: not on the board until an admin clears
        it. A hold is a reason to look, not a finding. Each hold and decision is on the{" "}
        <Link href={changelog}>moderation ledger</Link>.
      </p>
      <ul className="mt-1 list-disc pl-5">
        {held.map((h) => (
          <li key={h.submissionId} data-testid="held-entry">
            <span className="font-medium">{h.model}</span>
            {h.team ? <> by {h.teamSlug ? <Link href={`/teams/${h.teamSlug}`}>{h.team}</Link> : h.team}</> : null} —
            held since {formatDate(h.since)}: {h.reason.replace(/^held for review: /, "")}
          </li>
        ))}
      </ul>
    </section>
  );
}

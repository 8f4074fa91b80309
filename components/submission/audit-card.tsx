import Link from "next/link";
import { formatDate } from "@/lib/format";
import type { AuditReason, AuditView } from "@/lib/contracts/submissions";

const KIND: Record<AuditReason["kind"], string> = {
  "near-duplicate": "near-duplicate",
  "trace-overlap": "overlapping traces",
  "truth-in-trace": "the truth in traces",
  "truth-match": "the truth reproduced",
  probing: "probing",
};

const HEADLINE: Record<AuditView["status"], (n: number) => string> = {
  pending: () => "being run",
  clean: () => "nothing found",
  flagged: (n) => `flagged for an admin to look at (${n})`,
  held: () => "held for review",
};

/** A reason's sentence, with a link to the other submission when the reader may open it. */
export function AuditReasonItem({ r }: { r: AuditReason }) {
  return (
    <li data-holds={r.holds ? "true" : undefined}>
      <span className="font-medium">{KIND[r.kind] ?? r.kind}</span>: {r.detail}
      {r.submission ? (
        <>
          {" "}
          (<Link href={r.submission.url}>{r.submission.model}</Link>)
        </>
      ) : null}
      {r.holds ? <span className="ml-1 text-xs font-medium">· holds it for review</span> : null}
    </li>
  );
}

/**
 * The integrity audit of a submission, shown to its team and admins only (docs/security.md). A
 * public upload held for review is scored and seen by its team, listed under the board as held,
 * and ranked once an admin clears it; any other flag hides nothing — an admin compares the evidence.
 */
export function AuditCard({ audit }: { audit: AuditView }) {
  const tone =
    audit.status === "flagged" || audit.status === "held"
      ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950"
      : "border-slate-200 dark:border-slate-800";
  return (
    <section
      aria-label="Integrity audit"
      data-testid="audit-card"
      data-status={audit.status}
      className={`rounded-lg border p-3 text-sm ${tone}`}
    >
      <h2 className="font-semibold">Integrity audit: {HEADLINE[audit.status](audit.reasons.length)}</h2>
      {audit.held ? (
        <p className="mt-1" data-testid="audit-held">
          Held since {formatDate(audit.held.since)}, off the ranking: the board lists it as &ldquo;{audit.held.reason}
          &rdquo; until an admin clears it (then it is ranked) or confirms the hold.
        </p>
      ) : null}
      {audit.reasons.length ? (
        <ul className="mt-1 list-disc pl-5">
          {audit.reasons.map((r, i) => (
            <AuditReasonItem key={i} r={r} />
          ))}
        </ul>
      ) : null}
      <p className="mt-1 text-xs text-muted">
        Seen by your team and the admins only.{" "}
        {audit.held
          ? "Your team sees its scores; the public sees only that it is held."
          : "A flag hides nothing: an admin compares the evidence and decides."}
      </p>
    </section>
  );
}

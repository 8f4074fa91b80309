import Link from "next/link";
import type { AuditView } from "@/lib/server/integrity";

const KIND: Record<string, string> = {
  "near-duplicate": "near-duplicate",
  "trace-overlap": "overlapping traces",
  "truth-in-trace": "the truth in traces",
  probing: "probing",
};

/**
 * The integrity audit of a submission, shown to its team and admins only (docs/security.md): a
 * flag is a reason to look, not a finding — nothing is hidden by it, and the public sees nothing.
 */
export function AuditCard({ audit }: { audit: AuditView }) {
  const tone =
    audit.status === "flagged"
      ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950"
      : "border-slate-200 dark:border-slate-800";
  return (
    <section
      aria-label="Integrity audit"
      data-testid="audit-card"
      data-status={audit.status}
      className={`rounded-lg border p-3 text-sm ${tone}`}
    >
      <h2 className="font-semibold">
        Integrity audit:{" "}
        {audit.status === "pending"
          ? "being run"
          : audit.status === "clean"
            ? "nothing found"
            : `flagged for an admin to look at (${audit.reasons.length})`}
      </h2>
      {audit.reasons.length ? (
        <ul className="mt-1 list-disc pl-5">
          {audit.reasons.map((r, i) => (
            <li key={i}>
              <span className="font-medium">{KIND[r.kind] ?? r.kind}</span>: {r.detail}
              {r.submissionId ? (
                <>
                  {" "}
                  (<Link href={`/submissions/${r.submissionId}`}>the other submission</Link>)
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-1 text-xs text-muted">
        Seen by your team and the admins only. A flag hides nothing: an admin compares the evidence and decides.
      </p>
    </section>
  );
}

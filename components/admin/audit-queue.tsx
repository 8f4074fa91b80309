import Link from "next/link";
import { ActionForm } from "@/components/ui/action-form";
import { HideButton } from "./moderation-buttons";
import { Badge } from "@/components/ui/badge";
import { fixed, formatDate, percent } from "@/lib/format";
import type { AuditedSubmission, AuditQueueItem } from "@/lib/server/integrity";

const KIND_LABEL = {
  "near-duplicate": "near-duplicate",
  "trace-overlap": "overlapping traces",
  "truth-in-trace": "truth in traces",
  "truth-match": "truth reproduced",
  probing: "probing a hidden release",
} as const;

/** One submission of a pair: what an admin compares at a glance. */
function SubmissionSide({ s, title }: { s: AuditedSubmission; title: string }) {
  return (
    <div className="min-w-0 rounded border border-slate-200 p-2 text-sm dark:border-slate-800">
      <p className="text-xs uppercase tracking-wide text-muted">{title}</p>
      <p className="font-medium">
        <Link href={`/submissions/${s.id}`}>{s.model}</Link>{" "}
        {s.visibility === "private" ? <Badge>private</Badge> : null}{" "}
        {s.hidden ? <Badge tone="red">hidden</Badge> : null}
      </p>
      <p className="text-xs text-muted">
        {s.team ?? "no team"} · uploaded {formatDate(s.createdAt)} · {s.task}
      </p>
      <p className="text-xs">
        {s.primary ? `${s.primary.metric} ${fixed(s.primary.value, 3)}` : "no score on this release"}
        {s.sha256 ? <span className="ml-2 font-mono text-muted">{s.sha256.slice(0, 12)}…</span> : null}
      </p>
    </div>
  );
}

/** One flagged audit: the flagged submission beside what it resembles, the reasons, the actions. */
function QueueItem({ item }: { item: AuditQueueItem }) {
  const s = item.submission;
  const pairs = item.reasons.filter((r) => r.other);
  return (
    <li
      className="space-y-2 border-b border-slate-200 pb-3 last:border-0 dark:border-slate-800"
      data-testid="audit-item"
    >
      <div className="grid gap-2 md:grid-cols-2">
        <SubmissionSide s={s} title={item.heldAt ? `held for review since ${formatDate(item.heldAt)}` : "flagged"} />
        {pairs.length ? (
          <div className="space-y-2">
            {pairs.map((r) => (
              <SubmissionSide
                key={`${r.kind}-${r.other!.id}`}
                s={r.other!}
                title={
                  r.similarity === undefined ? KIND_LABEL[r.kind] : `${KIND_LABEL[r.kind]} · ${percent(r.similarity)}`
                }
              />
            ))}
          </div>
        ) : null}
      </div>
      <ul className="list-disc pl-5 text-sm">
        {item.reasons.map((r, i) => (
          <li key={i}>
            <Badge tone="amber">{KIND_LABEL[r.kind]}</Badge> {r.detail}
            {r.holds ? <span className="ml-1 text-xs font-medium">· holds a public upload</span> : null}
            {r.other ? (
              <>
                {" "}
                <Link href={`/tasks/${s.task}/compare?ids=${s.id},${r.other.id}`}>compare</Link>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted">
        audited {formatDate(item.auditedAt)} in {item.millis} ms
        {item.heldAt ? <HeldActions s={s} /> : <FlagActions s={s} />}
      </p>
    </li>
  );
}

/** A flag on a submission that is up: hide it, or verify it (it stays up). */
function FlagActions({ s }: { s: AuditedSubmission }) {
  return (
    <>
      <HideButton id={s.id} prompt="Why is it hidden? Its team sees this reason." />
      <ActionForm
        op="submission-verify"
        fields={{ id: s.id, verified: "true" }}
        label="Verify (leave it up)"
        confirm={`Mark ${s.model} verified? It leaves this queue and shows as verified.`}
      />
    </>
  );
}

/** A held upload: clear it (verified, ranked) or confirm the hold (hidden with a reason); both go on the public ledger. */
function HeldActions({ s }: { s: AuditedSubmission }) {
  return (
    <>
      <ActionForm
        op="submission-verify"
        fields={{ id: s.id, verified: "true" }}
        label="Clear (verify and rank it)"
        confirm={`Clear ${s.model}? It is ranked on its board, shows as verified, and the ledger says an admin cleared it.`}
      />
      <HideButton
        id={s.id}
        label="Confirm the hold…"
        prompt="Confirm the hold: why is it kept off the boards? Its team and the public ledger see this reason."
      />
    </>
  );
}

/**
 * The moderation queue of integrity audits (/admin): flagged uploads still up, and uploads held for
 * review, not verified since, with the evidence side by side. A held upload stays off the ranking
 * until an admin decides; any other flag hides nothing.
 */
export function AuditQueue({ items }: { items: AuditQueueItem[] }) {
  if (!items.length) return <p className="text-sm text-muted">No flagged uploads waiting.</p>;
  return (
    <ul className="space-y-3" data-testid="audit-queue">
      {items.map((item) => (
        <QueueItem key={item.submission.id} item={item} />
      ))}
    </ul>
  );
}

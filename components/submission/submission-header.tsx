import { USER_LINK_REL } from "@/lib/href";
import { canSwitchVisibility, submissionStatus } from "@/lib/submission-status";
import Link from "next/link";
import { ActionForm } from "@/components/ui/action-form";
import { HideButton } from "@/components/admin/moderation-buttons";
import { Badge } from "@/components/ui/badge";
import { formatBytes, formatDate } from "@/lib/format";
import type { SubmissionPageView } from "@/lib/server/submissions";
import { SystemCard } from "./system-card";

/** Who submitted what, when, with which file; its badges; moderation for owners and admins; which release scored it. */
export function SubmissionHeader({ v }: { v: SubmissionPageView }) {
  const { sub, score } = v;
  return (
    <div>
      <p className="text-sm text-muted">
        <Link href={`/tasks/${sub.task.fullSlug}`} prefetch={false}>
          {sub.task.benchmark.name} · {sub.task.name}
        </Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold">
        {sub.model}
        {sub.visibility === "private" ? <Badge tone="red">private</Badge> : null}
        {score?.partial ? <Badge tone="amber">partial</Badge> : null}
        {sub.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
        {sub.baseline ? <Badge tone="blue">baseline</Badge> : null}
        {sub.verifiedAt ? (
          <Badge tone="green" title={`verified by ${sub.verifiedBy} on ${formatDate(sub.verifiedAt)}`}>
            <span data-testid="verified">✓ verified</span>
          </Badge>
        ) : null}
      </h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {sub.team ? (
          <Link href={`/teams/${sub.team.slug}`} prefetch={false}>
            {sub.team.name}
          </Link>
        ) : (
          "—"
        )}
        {sub.system ? ` · ${sub.system}` : ""} · submitted {formatDate(sub.createdAt)}
        {sub.fileName ? ` · ${sub.fileName}${sub.fileSize ? ` (${formatBytes(sub.fileSize)})` : ""}` : ""}
        {v.validation.format ? ` · ${v.validation.format} format` : ""}
        {sub.site ? (
          <>
            {" · "}
            <a href={sub.site} rel={USER_LINK_REL}>
              site
            </a>
          </>
        ) : null}
        {sub.logsUrl ? (
          <>
            {" · "}
            <a href={sub.logsUrl} rel={USER_LINK_REL} data-testid="logs-link">
              logs and trajectories
            </a>
          </>
        ) : null}
        {sub.verifiedAt ? ` · verified by ${sub.verifiedBy} on ${formatDate(sub.verifiedAt)}` : ""}
      </p>
      <SystemCard v={v} />
      {v.composedOf ? (
        <p className="mt-1 text-sm" data-testid="composed-of">
          A pipeline composed from <Link href={`/submissions/${v.composedOf.input}`}>an Input submission</Link> and{" "}
          <Link href={`/submissions/${v.composedOf.output}`}>an Output submission</Link> (the paper&apos;s Figure 4).
        </p>
      ) : null}
      {sub.withdrawnAt ? (
        <p
          role="note"
          className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="withdrawn-note"
        >
          Withdrawn by its team on {formatDate(sub.withdrawnAt)}: off the board and every public view, still counted in
          the system&apos;s attempts. Only your team and the admins see it.
        </p>
      ) : sub.heldAt ? (
        <p
          role="note"
          className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="held-note"
        >
          Held for review by the integrity audit since {formatDate(sub.heldAt)}, before being ranked:{" "}
          {sub.hiddenReason?.replace(/^held for review: /, "")}. The board lists it as held (no rank, no score) until an
          admin clears it; only your team and the admins see the rest.
        </p>
      ) : sub.hiddenAt ? (
        <p
          role="note"
          className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="hidden-reason"
        >
          Hidden from public views by the maintainers on {formatDate(sub.hiddenAt)}: {sub.hiddenReason}. Only your team
          and the admins see it.
        </p>
      ) : null}
      {v.canModerate ? <ModerationActions v={v} /> : null}
      {score ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Scored on release {score.release.version} ({score.covered}/{score.total} instances) with metrics v
          {score.metricsVersion}.
          {sub.scores.length > 1 ? (
            <>
              {" "}
              Other releases:{" "}
              {sub.scores
                .filter((s) => s.id !== score.id)
                .map((s) => (
                  <Link
                    key={s.id}
                    href={`/submissions/${sub.id}?release=${s.release.version}`}
                    className="mr-2"
                    prefetch={false}
                  >
                    {s.release.version}
                  </Link>
                ))}
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** Visibility for the team's owners; verification, hiding and deletion for admins. */
function ModerationActions({ v }: { v: SubmissionPageView }) {
  const { sub } = v;
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-testid="moderation">
      {/* withdrawn, hidden or held: off view, so no visibility to switch (lib/submission-status.ts) */}
      {canSwitchVisibility(submissionStatus(sub)) ? (
        <ActionForm
          op="submission-visibility"
          fields={{ id: sub.id, visibility: sub.visibility === "public" ? "private" : "public" }}
          label={sub.visibility === "public" ? "Make private" : "Make public"}
        />
      ) : null}
      {!sub.withdrawnAt && !sub.baseline ? (
        <ActionForm
          op="submission-withdraw"
          fields={{ id: sub.id }}
          label="Withdraw…"
          testId="withdraw"
          confirm={`Withdraw ${sub.model}? It leaves the board and every public view for good (only an admin can restore it); it still counts in the system's attempts and stays in the activity log.`}
        />
      ) : null}
      {v.isAdmin ? (
        <>
          <ActionForm
            op="submission-verify"
            fields={{ id: sub.id, verified: String(!sub.verifiedAt) }}
            label={sub.verifiedAt ? "Withdraw verification" : "Mark verified"}
            testId="verify"
          />
          {sub.hiddenAt ? (
            <ActionForm
              op="submission-show"
              fields={{ id: sub.id }}
              label={sub.heldAt ? "Clear the hold (rank it)" : "Show again"}
            />
          ) : (
            <HideButton id={sub.id} prompt="Why is it hidden? (its team sees this)" />
          )}
          <ActionForm
            op="submission-delete"
            fields={{ id: sub.id }}
            label="Delete"
            confirm={`Delete ${sub.model} with its predictions and scores? This cannot be undone.`}
          />
        </>
      ) : null}
    </div>
  );
}

import Link from "next/link";
import { InviteButton } from "@/components/teams/invite-button";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable, valueColumn, type Column } from "@/components/ui/data-table";
import { PagePager } from "@/components/ui/pager";
import { dateColumn } from "@/components/ui/columns";
import { StatusBadge } from "@/components/submission/status-badge";
import { withQuery } from "@/lib/href";
import { canSwitchVisibility } from "@/lib/submission-status";
import type { TeamPageView, TeamView } from "@/lib/server/teams";
import { StandingRank, StandingScore } from "./team-standings";

/** The members (emails and actions for members; role changes for owners) and the invite button. */
export function TeamMembers({ t, me }: { t: TeamView; me: string | null | undefined }) {
  return (
    <Card title={`Members (${t.members.length})`}>
      <DataTable
        rows={t.members}
        rowKey={(m) => m.userId}
        caption={`Members of ${t.name}`}
        testId="members"
        columns={[
          valueColumn("name", "name", "name", { rowHeader: true }),
          ...(t.viewer.member
            ? [
                {
                  key: "email",
                  header: "email",
                  sort: (m: (typeof t.members)[number]) => m.email ?? "",
                  cell: (m: (typeof t.members)[number]) => m.email,
                },
              ]
            : []),
          {
            key: "role",
            header: "role",
            sort: (m) => m.role,
            cell: (m) => <Badge tone={m.role === "owner" ? "blue" : "gray"}>{m.role}</Badge>,
          },
          dateColumn("since", "since", "since"),
          ...(t.viewer.member
            ? [
                {
                  key: "actions",
                  header: <span className="sr-only">Actions</span>,
                  className: "space-x-2",
                  cell: (m: (typeof t.members)[number]) => (
                    <>
                      {t.viewer.owner ? (
                        <ActionForm
                          op="member-role"
                          fields={{ slug: t.slug, userId: m.userId, role: m.role === "owner" ? "member" : "owner" }}
                          label={m.role === "owner" ? "Make member" : "Make owner"}
                        />
                      ) : null}
                      {t.viewer.owner || m.userId === me ? (
                        <ActionForm
                          op="member-remove"
                          fields={{ slug: t.slug, userId: m.userId }}
                          label={m.userId === me ? "Leave" : "Remove"}
                          confirm={m.userId === me ? `Leave ${t.name}?` : `Remove ${m.name} from ${t.name}?`}
                        />
                      ) : null}
                    </>
                  ),
                },
              ]
            : []),
        ]}
      />
      {t.viewer.owner ? (
        <div className="mt-4">
          <InviteButton team={t.slug} />
          {t.invitations.length ? (
            <p className="mt-2 text-xs text-muted">{t.invitations.length} open invitation(s), each usable once.</p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

type SubmissionRow = TeamPageView["submissions"][number];

/** The submissions table's columns: what, its score and board rank, when, its status; owners' switches. */
function submissionColumns(t: TeamPageView): Column<SubmissionRow>[] {
  return [
    {
      key: "model",
      header: "model",
      rowHeader: true,
      sort: (x) => x.model,
      cell: (x) => <Link href={`/submissions/${x.id}`}>{x.model}</Link>,
    },
    {
      key: "task",
      header: "task",
      sort: (x) => x.taskName,
      cell: (x) => <Link href={`/tasks/${x.task}`}>{x.taskName}</Link>,
    },
    { key: "score", header: "score", align: "right", cell: (x) => <StandingScore standing={x.standing} /> },
    {
      key: "rank",
      header: "board rank",
      sort: (x) => x.standing?.rank?.rank ?? Number.MAX_SAFE_INTEGER,
      firstDir: "asc",
      cell: (x) => <StandingRank standing={x.standing} />,
    },
    dateColumn("submitted", "submitted", "createdAt"),
    {
      key: "status",
      header: "status",
      className: "space-x-1",
      cell: (x) => (
        <>
          <StatusBadge status={x.status} reason={x.hidden?.reason ?? null} />
          {x.verified ? <Badge tone="green">✓ verified</Badge> : null}
        </>
      ),
    },
    ...(t.viewer.owner
      ? [
          {
            key: "actions",
            header: <span className="sr-only">Actions</span>,
            // a withdrawn, hidden or held submission is off view: its visibility is not the team's to switch
            cell: (x: SubmissionRow) =>
              canSwitchVisibility(x.status) ? (
                <ActionForm
                  op="submission-visibility"
                  fields={{ id: x.id, visibility: x.visibility === "public" ? "private" : "public" }}
                  label={x.visibility === "public" ? "Make private" : "Make public"}
                />
              ) : null,
          },
        ]
      : []),
  ];
}

/**
 * The team's submissions (private ones for members), a page at a time (`?page=`), each with its
 * primary metric and its board rank, with visibility switches for owners.
 */
export function TeamSubmissions({ t }: { t: TeamPageView }) {
  return (
    <Card
      title={`${t.viewer.member ? "Submissions (public and private)" : "Public submissions"} (${t.submissionTotal})`}
    >
      {t.submissions.length ? (
        <DataTable
          rows={t.submissions}
          rowKey={(x) => x.id}
          caption={`Submissions of ${t.name}`}
          testId="team-submissions"
          columns={submissionColumns(t)}
        />
      ) : (
        <p className="text-sm text-muted">
          {t.submissionTotal ? (
            <>
              No submissions on page {t.page}: <Link href={`/teams/${t.slug}`}>the newest ones</Link>.
            </>
          ) : (
            "No submissions yet."
          )}
        </p>
      )}
      <div className="mt-2 text-sm">
        <PagePager
          of={{ page: t.page, pageSize: t.pageSize, total: t.submissionTotal }}
          href={(page) => withQuery(`/teams/${t.slug}`, { page })}
        />
      </div>
    </Card>
  );
}

/** The team's API tokens (members only); an owner revokes any, a member their own. */
export function TeamTokens({ t, email }: { t: TeamView; email: string | null | undefined }) {
  return (
    <Card title="API tokens">
      {t.tokens.length ? (
        <DataTable
          rows={t.tokens}
          rowKey={(k) => k.id}
          caption={`API tokens of ${t.name}`}
          testId="team-tokens"
          columns={[
            valueColumn("name", "name", "name", { rowHeader: true }),
            { key: "prefix", header: "prefix", className: "font-mono text-xs", cell: (k) => `${k.prefix}…` },
            {
              key: "by",
              header: "created by",
              sort: (k) => k.createdBy ?? "",
              cell: (k) => k.createdBy ?? "an admin",
            },
            dateColumn("created", "created", "createdAt"),
            dateColumn("used", "last used", "lastUsedAt", "never"),
            {
              key: "actions",
              header: <span className="sr-only">Actions</span>,
              cell: (k) =>
                t.viewer.owner || k.createdBy === email ? (
                  <ActionForm
                    op="token-revoke"
                    fields={{ id: k.id }}
                    label="Revoke"
                    confirm={`Revoke token ${k.name}?`}
                  />
                ) : null,
            },
          ]}
        />
      ) : (
        <p className="text-sm text-muted">
          No tokens. Create one on your <Link href="/account">account page</Link>.
        </p>
      )}
    </Card>
  );
}

/**
 * The attempts ledger, public: how many scored uploads stand behind what the boards show, per task
 * and release (private ones, withdrawn ones and those to hidden releases count too).
 */
export function TeamAttempts({ t }: { t: TeamView }) {
  if (!t.attempts.length) return null;
  return (
    <Card title="Attempts">
      <p className="mb-2 text-sm text-muted">
        Every scored upload of the team, per release — public, private, withdrawn and on hidden test sets alike. A board
        shows a team&apos;s best; this says how many tries stand behind it (<em>selective disclosure</em>, Singh et al.
        2025, <em>The Leaderboard Illusion</em>).
      </p>
      <DataTable
        rows={t.attempts}
        rowKey={(x) => `${x.task}@${x.release}`}
        caption={`Scored uploads of ${t.name} per release`}
        testId="team-attempts"
        columns={[
          {
            key: "task",
            header: "task",
            rowHeader: true,
            cell: (x) => <Link href={`/tasks/${x.task}`}>{x.taskName}</Link>,
          },
          {
            key: "release",
            header: "release",
            cell: (x) => (
              <>
                {x.release}
                {x.current ? "" : " (archived)"}
                {x.hidden ? " · hidden test set" : ""}
              </>
            ),
          },
          { key: "uploads", header: "scored uploads", align: "right", cell: (x) => x.uploads },
          { key: "public", header: "public now", align: "right", cell: (x) => x.public },
          { key: "withdrawn", header: "withdrawn", align: "right", cell: (x) => x.withdrawn },
        ]}
      />
    </Card>
  );
}

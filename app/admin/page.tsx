import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuditQueue } from "@/components/admin/audit-queue";
import { PublishButton } from "@/components/admin/publish-button";
import { QuotaForm } from "@/components/admin/quota-form";
import { ReleaseImportForm } from "@/components/admin/release-import-form";
import { ActionForm } from "@/components/ui/action-form";
import { Badge } from "@/components/ui/badge";
import { DataTable, numberColumn } from "@/components/ui/data-table";
import { dateColumn } from "@/components/ui/columns";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import type { Env } from "@/lib/env";
import { getEnv } from "@/lib/env";
import { formatDate, fixed } from "@/lib/format";
import { getSessionActor } from "@/lib/server/auth";
import { adminOverview } from "@/lib/server/teams";
import { auditQueue } from "@/lib/server/integrity";

export const dynamic = "force-dynamic";

const STATUS_TONE = { draft: "amber", published: "green", archived: "gray" } as const;

export const metadata: Metadata = { title: "Admin" };

type Overview = Awaited<ReturnType<typeof adminOverview>>;

export default async function AdminPage() {
  // to anyone but an admin this page does not exist (404), signed in or not
  const actor = await getSessionActor();
  if (!actor?.isAdmin) notFound();
  const env = getEnv();
  const db = await getDb();
  const [{ tasks, formats, hiddenUploads, teams }, flagged] = await Promise.all([adminOverview(db), auditQueue(db)]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Releases</h1>
      <p className="text-sm">
        <Link href="/admin/activity">Activity log</Link>: every import, publish, re-score, moderation, token and team
        change.
      </p>
      <Card title={`Integrity audits: flagged uploads (${flagged.length})`}>
        <p className="mb-2 text-xs text-muted">
          Uploads whose audit found a near-duplicate of another team&rsquo;s earlier submission, overlapping traces, the
          truth in traces or probing of a hidden release (docs/security.md, &ldquo;Integrity audit&rdquo;). Nothing is
          hidden automatically and the public sees no flag: hide one with a reason, or verify it to leave it up.
        </p>
        <AuditQueue items={flagged} />
      </Card>
      {hiddenUploads.length ? <HiddenUploadsCard uploads={hiddenUploads} /> : null}
      <TeamApprovalsCard teams={teams} />
      <Card title="Import a release">
        <ReleaseImportForm tasks={tasks.map((t) => t.fullSlug)} formats={formats} />
      </Card>
      {tasks.map((t) => (
        <TaskReleasesCard key={t.id} task={t} env={env} />
      ))}
    </div>
  );
}

/** The latest uploads on hidden releases, with their exact scores (the public sees only the Ladder's). */
function HiddenUploadsCard({ uploads }: { uploads: Overview["hiddenUploads"] }) {
  return (
    <Card title="Latest uploads on hidden releases">
      <DataTable
        rows={uploads}
        rowKey={(s) => s.id}
        caption="Latest uploads on hidden releases, with exact scores"
        testId="hidden-uploads"
        columns={[
          {
            key: "when",
            header: "when",
            sort: (s) => s.submission.createdAt.toISOString(),
            cell: (s) => formatDate(s.submission.createdAt),
          },
          {
            key: "task",
            header: "task · release",
            sort: (s) => s.release.task.fullSlug,
            cell: (s) => `${s.release.task.fullSlug} · ${s.release.version}`,
          },
          {
            key: "team",
            header: "team",
            sort: (s) => s.submission.team?.name,
            cell: (s) => s.submission.team?.name ?? "—",
          },
          {
            key: "model",
            header: "model",
            sort: (s) => s.submission.model,
            cell: (s) => (
              <>
                <Link href={`/submissions/${s.submissionId}`}>{s.submission.model}</Link>
                {s.submission.visibility === "private" ? (
                  <span className="ml-1 text-xs text-muted">(private)</span>
                ) : null}
              </>
            ),
          },
          numberColumn("primary", "exact primary", "primaryValue", (v) => fixed(v, 4)),
          {
            key: "ladder",
            header: "Ladder",
            sort: (s) => (s.ladderReleased ? 1 : 0),
            cell: (s) =>
              s.ladderReleased ? <Badge tone="green">released ±{s.ladderMargin}</Badge> : <Badge>not released</Badge>,
          },
        ]}
      />
    </Card>
  );
}

/** The teams, and which of them may upload to a hidden release that takes approved teams only. */
function TeamApprovalsCard({ teams }: { teams: Overview["teams"] }) {
  return (
    <Card title="Team approvals for hidden test sets">
      <p className="mb-2 text-xs text-muted">
        A task set to &ldquo;hidden release: approved teams only&rdquo; (below) takes uploads on its hidden release only
        from these teams: the defence against many throwaway accounts (docs/security.md). Approved first, then the
        newest.
      </p>
      <DataTable
        framed
        caption="Teams and their approval"
        rows={teams}
        rowKey={(t) => t.slug}
        columns={[
          {
            key: "team",
            header: "team",
            sort: (t) => t.name,
            cell: (t) => <Link href={`/teams/${t.slug}`}>{t.name}</Link>,
          },
          dateColumn("created", "created", "createdAt"),
          {
            key: "members",
            header: "members",
            align: "right",
            sort: (t) => t._count.memberships,
            cell: (t) => t._count.memberships,
          },
          {
            key: "subs",
            header: "submissions",
            align: "right",
            sort: (t) => t._count.submissions,
            cell: (t) => t._count.submissions,
          },
          {
            key: "approval",
            header: "approval",
            sort: (t) => (t.approvedAt ? 1 : 0),
            cell: (t) =>
              t.approvedAt ? (
                <span className="flex items-center gap-2">
                  <Badge tone="green">approved {formatDate(t.approvedAt)}</Badge>
                  <ActionForm
                    op="team-unapprove"
                    fields={{ slug: t.slug }}
                    label="Withdraw"
                    confirm={`Withdraw the approval of ${t.name}?`}
                  />
                </span>
              ) : (
                <ActionForm op="team-approve" fields={{ slug: t.slug }} label="Approve" />
              ),
          },
        ]}
      />
    </Card>
  );
}

/** One task: its releases (publish a draft), its submission count and its upload quota. */
function TaskReleasesCard({ task: t, env }: { task: Overview["tasks"][number]; env: Env }) {
  return (
    <Card title={<Link href={`/tasks/${t.fullSlug}`}>{t.fullSlug}</Link>}>
      {t.releases.length ? <ReleasesTable task={t} /> : <p className="text-sm text-muted">No releases yet.</p>}
      <p className="mt-2 text-xs text-muted">{t._count.submissions} submissions (baselines included)</p>
      <div className="mt-2">
        <QuotaForm
          task={t.fullSlug}
          perDay={t.quotaPerDay}
          total={t.quotaTotal}
          approvedOnly={t.hiddenApprovedOnly}
          defaultPerDay={
            t.releases.find((r) => r.status === "published")?.hidden
              ? String(env.QUOTA_HIDDEN_PER_DAY)
              : String(env.QUOTA_PUBLIC_PER_DAY)
          }
        />
      </div>
    </Card>
  );
}

/** A task's releases, newest first. */
function ReleasesTable({ task: t }: { task: Overview["tasks"][number] }) {
  return (
    <DataTable
      rows={t.releases}
      rowKey={(r) => r.id}
      caption={`Releases of ${t.fullSlug}`}
      testId={`releases-${t.fullSlug}`}
      columns={[
        {
          key: "version",
          header: "version",
          rowHeader: true,
          className: "font-mono",
          sort: (r) => r.version,
          cell: (r) => r.version,
        },
        {
          key: "status",
          header: "status",
          sort: (r) => r.status,
          cell: (r) => (
            <Badge tone={STATUS_TONE[r.status]}>{r.status === "published" ? "published (current)" : r.status}</Badge>
          ),
        },
        {
          key: "instances",
          header: "instances",
          align: "right",
          sort: (r) => r.instanceCount,
          cell: (r) => r.instanceCount,
        },
        {
          key: "flags",
          header: "flags",
          className: "space-x-1",
          cell: (r) => (
            <>
              {r.hidden ? <Badge tone="red">hidden truth</Badge> : null}
              {r.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
            </>
          ),
        },
        dateColumn("imported", "imported", "createdAt"),
        {
          key: "notes",
          header: "notes",
          className: "max-w-md text-xs text-slate-600 dark:text-slate-400",
          cell: (r) => r.notes,
        },
        {
          key: "actions",
          header: <span className="sr-only">Actions</span>,
          align: "right",
          cell: (r) => (r.status === "draft" ? <PublishButton releaseId={r.id} version={r.version} /> : null),
        },
      ]}
    />
  );
}

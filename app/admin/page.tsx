import Link from "next/link";
import { notFound } from "next/navigation";
import { PublishButton } from "@/components/admin/publish-button";
import { QuotaForm } from "@/components/admin/quota-form";
import { ReleaseImportForm } from "@/components/admin/release-import-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { formatDate } from "@/lib/format";
import { getSessionActor } from "@/lib/server/actor";
import { adminOverview } from "@/lib/server/overviews";

export const dynamic = "force-dynamic";

const STATUS_TONE = { draft: "amber", published: "green", archived: "gray" } as const;

export default async function AdminPage() {
  // to anyone but an admin this page does not exist (404), signed in or not
  const actor = await getSessionActor();
  if (!actor?.isAdmin) notFound();
  const env = getEnv();
  const { tasks, formats, hiddenUploads } = await adminOverview(await getDb());
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Releases</h1>
      <p className="text-sm">
        <Link href="/admin/audit">Audit trail</Link>: every import, publish, re-score, moderation, token and team change.
      </p>
      {hiddenUploads.length ? (
        <Card title="Latest uploads on hidden releases">
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="hidden-uploads">
              <thead>
                <tr className="text-left text-muted">
                  <th className="py-1">when</th>
                  <th className="py-1">task · release</th>
                  <th className="py-1">team</th>
                  <th className="py-1">model</th>
                  <th className="py-1 text-right">exact primary</th>
                  <th className="py-1">Ladder</th>
                </tr>
              </thead>
              <tbody>
                {hiddenUploads.map((s) => (
                  <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-1">{formatDate(s.submission.createdAt)}</td>
                    <td className="py-1">
                      {s.release.task.fullSlug} · {s.release.version}
                    </td>
                    <td className="py-1">{s.submission.team?.name ?? "—"}</td>
                    <td className="py-1">
                      <Link href={`/submissions/${s.submissionId}`}>{s.submission.model}</Link>
                      {s.submission.visibility === "private" ? <span className="ml-1 text-xs text-muted">(private)</span> : null}
                    </td>
                    <td className="py-1 text-right tabular-nums">{s.primaryValue?.toFixed(4) ?? "—"}</td>
                    <td className="py-1">{s.ladderReleased ? <Badge tone="green">released ±{s.ladderMargin}</Badge> : <Badge>not released</Badge>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
      <Card title="Import a release">
        <ReleaseImportForm tasks={tasks.map((t) => t.fullSlug)} formats={formats} />
      </Card>
      {tasks.map((t) => (
        <Card key={t.id} title={<Link href={`/tasks/${t.fullSlug}`}>{t.fullSlug}</Link>}>
          {t.releases.length ? (
            <table className="w-full text-sm" data-testid={`releases-${t.fullSlug}`}>
              <thead>
                <tr className="text-left text-muted">
                  <th className="py-1">version</th>
                  <th className="py-1">status</th>
                  <th className="py-1">instances</th>
                  <th className="py-1">flags</th>
                  <th className="py-1">imported</th>
                  <th className="py-1">notes</th>
                  <th className="py-1" />
                </tr>
              </thead>
              <tbody>
                {t.releases.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-1 font-mono">{r.version}</td>
                    <td className="py-1">
                      <Badge tone={STATUS_TONE[r.status]}>{r.status === "published" ? "published (current)" : r.status}</Badge>
                    </td>
                    <td className="py-1 tabular-nums">{r.instanceCount}</td>
                    <td className="space-x-1 py-1">
                      {r.hidden ? <Badge tone="red">hidden truth</Badge> : null}
                      {r.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
                    </td>
                    <td className="py-1">{formatDate(r.createdAt)}</td>
                    <td className="max-w-md py-1 text-xs text-slate-600 dark:text-slate-400">{r.notes}</td>
                    <td className="py-1 text-right">{r.status === "draft" ? <PublishButton releaseId={r.id} version={r.version} /> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted">No releases yet.</p>
          )}
          <p className="mt-2 text-xs text-muted">{t._count.submissions} submissions (baselines included)</p>
          <div className="mt-2">
            <QuotaForm
              task={t.fullSlug}
              perDay={t.quotaPerDay}
              total={t.quotaTotal}
              defaultPerDay={t.releases.find((r) => r.status === "published")?.hidden ? String(env.QUOTA_HIDDEN_PER_DAY) : String(env.QUOTA_PUBLIC_PER_DAY)}
            />
          </div>
        </Card>
      ))}
    </div>
  );
}

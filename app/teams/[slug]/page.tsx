import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { InviteButton } from "@/components/teams/invite-button";
import { ActionButton } from "@/components/ui/action-button";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { formatDate } from "@/lib/format";
import { getSessionActor } from "@/lib/server/actor";
import { teamView } from "@/lib/server/teams";

export const dynamic = "force-dynamic";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Team ${(await params).slug}` };
}

export default async function TeamPage({ params }: { params: Params }) {
  const { slug } = await params;
  if (!/^[a-z0-9-]{1,64}$/.test(slug)) notFound();
  const actor = await getSessionActor();
  let t;
  try {
    t = await teamView(await getDb(), slug, actor);
  } catch (e) {
    if (e instanceof AppError && e.code === "not_found") notFound();
    throw e;
  }
  const me = actor?.userId;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t.name}</h1>
        <p className="text-sm text-muted">
          Team <code>{t.slug}</code> · since {formatDate(t.createdAt)}
          {t.viewer.owner ? " · you are an owner" : t.viewer.member ? " · you are a member" : ""}
        </p>
      </div>
      <Card title={`Members (${t.members.length})`}>
        <table className="min-w-full text-sm" data-testid="members">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1 pr-4">name</th>
              {t.viewer.member ? <th className="py-1 pr-4">email</th> : null}
              <th className="py-1 pr-4">role</th>
              <th className="py-1 pr-4">since</th>
              {t.viewer.member ? <th className="py-1" /> : null}
            </tr>
          </thead>
          <tbody>
            {t.members.map((m) => (
              <tr key={m.userId} className="border-t border-slate-100 dark:border-slate-800">
                <td className="py-1 pr-4">{m.name}</td>
                {t.viewer.member ? <td className="py-1 pr-4">{m.email}</td> : null}
                <td className="py-1 pr-4">
                  <Badge tone={m.role === "owner" ? "blue" : "gray"}>{m.role}</Badge>
                </td>
                <td className="py-1 pr-4">{formatDate(m.since)}</td>
                {t.viewer.member ? (
                  <td className="space-x-2 py-1">
                    {t.viewer.owner ? (
                      <ActionButton
                        method="PATCH"
                        url={`/api/v1/teams/${t.slug}/members/${m.userId}`}
                        body={{ role: m.role === "owner" ? "member" : "owner" }}
                        label={m.role === "owner" ? "Make member" : "Make owner"}
                      />
                    ) : null}
                    {t.viewer.owner || m.userId === me ? (
                      <ActionButton
                        method="DELETE"
                        url={`/api/v1/teams/${t.slug}/members/${m.userId}`}
                        label={m.userId === me ? "Leave" : "Remove"}
                        confirm={m.userId === me ? `Leave ${t.name}?` : `Remove ${m.name} from ${t.name}?`}
                        onDone={m.userId === me ? "/account" : undefined}
                      />
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {t.viewer.owner ? (
          <div className="mt-4">
            <InviteButton team={t.slug} />
            {t.invitations.length ? <p className="mt-2 text-xs text-muted">{t.invitations.length} open invitation(s), each usable once.</p> : null}
          </div>
        ) : null}
      </Card>
      <Card title={t.viewer.member ? "Submissions (public and private)" : "Public submissions"}>
        {t.submissions.length ? (
          <table className="min-w-full text-sm" data-testid="team-submissions">
            <thead>
              <tr className="text-left text-muted">
                <th className="py-1 pr-4">model</th>
                <th className="py-1 pr-4">task</th>
                <th className="py-1 pr-4">submitted</th>
                <th className="py-1 pr-4">status</th>
                {t.viewer.owner ? <th className="py-1" /> : null}
              </tr>
            </thead>
            <tbody>
              {t.submissions.map((s) => (
                <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1 pr-4">
                    <Link href={`/submissions/${s.id}`}>{s.model}</Link>
                  </td>
                  <td className="py-1 pr-4">{s.taskName}</td>
                  <td className="py-1 pr-4">{formatDate(s.createdAt)}</td>
                  <td className="space-x-1 py-1 pr-4">
                    {s.visibility === "private" ? <Badge tone="red">private</Badge> : <Badge>public</Badge>}
                    {s.verified ? <Badge tone="green">✓ verified</Badge> : null}
                    {s.hidden ? <Badge tone="amber">hidden: {s.hidden.reason}</Badge> : null}
                  </td>
                  {t.viewer.owner ? (
                    <td className="py-1">
                      <ActionButton method="PATCH" url={`/api/v1/submissions/${s.id}`} body={{ visibility: s.visibility === "public" ? "private" : "public" }} label={s.visibility === "public" ? "Make private" : "Make public"} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm text-muted">No submissions yet.</p>
        )}
      </Card>
      {t.viewer.member ? (
        <Card title="API tokens">
          {t.tokens.length ? (
            <table className="min-w-full text-sm" data-testid="team-tokens">
              <thead>
                <tr className="text-left text-muted">
                  <th className="py-1 pr-4">name</th>
                  <th className="py-1 pr-4">prefix</th>
                  <th className="py-1 pr-4">created by</th>
                  <th className="py-1 pr-4">created</th>
                  <th className="py-1 pr-4">last used</th>
                  <th className="py-1" />
                </tr>
              </thead>
              <tbody>
                {t.tokens.map((k) => (
                  <tr key={k.id} className="border-t border-slate-100 dark:border-slate-800">
                    <td className="py-1 pr-4">{k.name}</td>
                    <td className="py-1 pr-4 font-mono text-xs">{k.prefix}…</td>
                    <td className="py-1 pr-4">{k.createdBy ?? "an admin"}</td>
                    <td className="py-1 pr-4">{formatDate(k.createdAt)}</td>
                    <td className="py-1 pr-4">{k.lastUsedAt ? formatDate(k.lastUsedAt) : "never"}</td>
                    <td className="py-1">
                      {t.viewer.owner || k.createdBy === actor?.email ? <ActionButton method="DELETE" url={`/api/v1/tokens/${k.id}`} label="Revoke" confirm={`Revoke token ${k.name}?`} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-muted">No tokens. Create one on your <Link href="/account">account page</Link>.</p>
          )}
        </Card>
      ) : null}
    </div>
  );
}

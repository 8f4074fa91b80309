import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { TokenManager } from "@/components/account/token-manager";
import { StatusBadge } from "@/components/submission/status-badge";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { publicUrl } from "@/lib/server/http";
import { formatDate } from "@/lib/format";
import { getSessionActor } from "@/lib/server/auth";
import { accountOverview } from "@/lib/server/teams";
import { submissionStatus } from "@/lib/submission-status";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const actor = await getSessionActor();
  if (!actor) redirect("/signin?callbackUrl=/account");
  const { teams, tokens, submissions: subs } = await accountOverview(await getDb(), actor);
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-2xl font-bold">Your account</h1>
      <p className="text-sm">
        {actor.email}
        {actor.isAdmin ? " · admin" : ""} · {teams.length === 1 ? "team" : "teams"}{" "}
        {teams.length
          ? teams.map((t, i) => (
              <span key={t.id}>
                {i ? ", " : ""}
                <Link href={`/teams/${t.slug}`}>{t.name}</Link> ({actor.roles[t.id] ?? "member"})
              </span>
            ))
          : "—"}
      </p>
      <Card title="API tokens">
        <TokenManager
          origin={publicUrl()}
          tokens={tokens.map((t) => ({
            ...t,
            createdAt: t.createdAt.toISOString(),
            lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
          }))}
        />
      </Card>
      <Card title={teams.length === 1 ? "Your team's submissions" : "Your teams' submissions"}>
        {subs.length ? (
          <ul className="text-sm">
            {subs.map((s) => (
              <li key={s.id} className="border-t border-slate-100 py-1 dark:border-slate-800">
                <Link href={`/submissions/${s.id}`}>{s.model}</Link> · {s.task.fullSlug} ·{" "}
                <StatusBadge status={submissionStatus(s)} /> · {formatDate(s.createdAt)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">
            None yet. <Link href="/submit">Submit predictions</Link>.
          </p>
        )}
      </Card>
    </div>
  );
}

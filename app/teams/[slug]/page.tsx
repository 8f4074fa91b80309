import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TeamAttempts, TeamMembers, TeamSubmissions, TeamTokens } from "@/components/teams/team-sections";
import { TeamStandings } from "@/components/teams/team-standings";
import { getDb } from "@/lib/server/db";
import { formatDate } from "@/lib/format";
import { getSessionActor } from "@/lib/server/auth";
import { getBoard } from "@/lib/server/leaderboard";
import { teamPageView } from "@/lib/server/teams";
import { orNotFound } from "@/lib/server/pages";

export const dynamic = "force-dynamic";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Team ${(await params).slug}` };
}

export default async function TeamPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { slug } = await params;
  if (!/^[a-z0-9-]{1,64}$/.test(slug)) notFound();
  const { page } = await searchParams;
  const actor = await getSessionActor();
  const db = await getDb();
  // submissions 50 a page (the API's default is 200); ranks from the boards (cached per board_version)
  const t = await orNotFound(
    teamPageView(
      db,
      slug,
      actor,
      { page: Number(Array.isArray(page) ? page[0] : page) || 1, pageSize: 50 },
      (release) => getBoard(db, release),
    ),
  );
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
      <TeamStandings t={t} />
      <TeamMembers t={t} me={me} />
      <TeamSubmissions t={t} />
      <TeamAttempts t={t} />
      {t.viewer.member ? <TeamTokens t={t} email={actor?.email} /> : null}
    </div>
  );
}

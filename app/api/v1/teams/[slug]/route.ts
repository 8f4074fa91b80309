// GET /api/v1/teams/{slug} – a team: members and public submissions; its members also see private submissions, tokens and open invitations
// PATCH /api/v1/teams/{slug} – rename a team (owners); a name that looks like another team's is refused (409)
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { renameTeam, teamView } from "@/lib/server/teams";
import { SlugParams, TeamNameBody, TeamRenamed, TeamView } from "@/lib/contracts/teams";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: SlugParams }, async ({ params, actor }) =>
  respond(TeamView, await teamView(await getDb(), params.slug, actor)),
);

export const PATCH = route(
  { access: "member", params: SlugParams, body: TeamNameBody },
  async ({ params, actor, body }) => {
    return respond(TeamRenamed, await renameTeam(await getDb(), actor, params.slug, body.name));
  },
);

// POST /api/v1/teams/{slug}/invitations – a single-use invitation link (the team's owners)
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { createInvitation } from "@/lib/server/teams";
import { InvitationCreated, SlugParams } from "@/lib/contracts/teams";

export const dynamic = "force-dynamic";

export const POST = route({ access: "member", params: SlugParams }, async ({ params, actor }) => {
  const inv = await createInvitation(await getDb(), actor, params.slug);
  return respond(InvitationCreated, { url: inv.url, expiresAt: inv.expiresAt, team: inv.team }, { status: 201 });
});

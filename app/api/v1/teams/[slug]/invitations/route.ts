// POST /api/v1/teams/{slug}/invitations – a single-use invitation link (the team's owners)
import { getDb } from "@/lib/server/db";
import { route } from "@/lib/server/http";
import { createInvitation } from "@/lib/server/teams";
import { SlugParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const POST = route({ access: "member", params: SlugParams }, async ({ params, actor }) => {
  const inv = await createInvitation(await getDb(), actor, params.slug);
  return Response.json({ url: inv.url, expiresAt: inv.expiresAt, team: inv.team }, { status: 201 });
});

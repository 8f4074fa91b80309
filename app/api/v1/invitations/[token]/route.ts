// POST /api/v1/invitations/{token} – accept an invitation: the signed-in user joins the team as a member
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { acceptInvitation } from "@/lib/server/teams";
import { InvitationAccepted, InvitationParams } from "@/lib/contracts/teams";

export const dynamic = "force-dynamic";

export const POST = route({ access: "member", params: InvitationParams }, async ({ params, actor }) =>
  respond(InvitationAccepted, await acceptInvitation(await getDb(), actor, params.token)),
);

// PATCH  /api/v1/teams/{slug}/members/{userId} – change a member's role (owners)
// DELETE /api/v1/teams/{slug}/members/{userId} – remove a member (owners), or leave (oneself); never the last owner
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { removeMember, setMemberRole } from "@/lib/server/teams";
import { MemberParams, MemberRole, RoleBody } from "@/lib/contracts/teams";

export const dynamic = "force-dynamic";

export const PATCH = route(
  { access: "member", params: MemberParams, body: RoleBody },
  async ({ params, actor, body }) => {
    return respond(MemberRole, await setMemberRole(await getDb(), actor, params.slug, params.userId, body.role));
  },
);

export const DELETE = route({ access: "member", params: MemberParams }, async ({ params, actor }) => {
  await removeMember(await getDb(), actor, params.slug, params.userId);
  return new Response(null, { status: 204 });
});

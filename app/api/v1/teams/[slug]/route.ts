// GET /api/v1/teams/{slug} – a team: members and public submissions; its members also see private submissions, tokens and open invitations
import { getDb } from "@/lib/db";
import { route } from "@/lib/server/route";
import { teamView } from "@/lib/server/teams";
import { SlugParams } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", params: SlugParams }, async ({ params, actor }) => Response.json(await teamView(await getDb(), params.slug, actor)));

// GET /.well-known/leaderboard-keys.json – the public keys the host signs snapshots with (issue 48):
// the active one, and the retired ones whose signatures still verify
import { getDb } from "@/lib/server/db";
import { respond, route } from "@/lib/server/http";
import { leaderboardKeys } from "@/lib/server/snapshots";
import { LeaderboardKeys } from "@/lib/contracts/snapshots";

export const dynamic = "force-dynamic";

export const GET = route({ access: "public", name: "/.well-known/leaderboard-keys.json" }, async () =>
  // a new key appears within five minutes of a rotation
  respond(LeaderboardKeys, await leaderboardKeys(await getDb()), {
    headers: { "cache-control": "public, max-age=300" },
  }),
);

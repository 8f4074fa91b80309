import { openDatabase } from "@/lib/server/db";
import { refreshBoard } from "@/lib/server/leaderboard/board";
const db = await openDatabase({ url: process.env.DATABASE_URL! });
const rel = process.argv[2];
for (let i = 0; i < Number(process.argv[3] ?? 1); i++) {
  await db.pool.query(`UPDATE board_ranks SET key = 'x' WHERE release_id = $1`, [rel]);
  const t = performance.now();
  const ms = await refreshBoard(db.prisma, rel);
  console.log("refresh", ms, "wall", Math.round(performance.now() - t));
}
process.exit(0);

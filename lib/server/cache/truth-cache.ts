import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { StoredInstance } from "@/lib/tasks/types";

type TruthRow = StoredInstance & { position: number };

// Published releases never change, so their instances are cached per process (small LRU). The
// same objects are handed to the kinds, whose schema parses are memoised per object (define.ts).
const cache = new Map<string, TruthRow[]>();
const MAX = 8;

/** All instances of a release in file order. Drafts are read fresh each time. */
export async function getReleaseInstances(
  db: Pick<PrismaClient, "instance">,
  releaseId: string,
  cacheable: boolean,
): Promise<TruthRow[]> {
  const hit = cache.get(releaseId);
  if (hit) return hit;
  const rows = await db.instance.findMany({
    where: { releaseId },
    orderBy: { position: "asc" },
    select: { externalId: true, truth: true, metadata: true, position: true },
  });
  const out = rows as unknown as TruthRow[];
  if (cacheable) {
    cache.set(releaseId, out);
    if (cache.size > MAX) cache.delete(cache.keys().next().value as string);
  }
  return out;
}

export function forgetRelease(releaseId: string): void {
  cache.delete(releaseId);
}

import type { PrismaClient } from "@/lib/generated/prisma/client";
import { AppError, notFound } from "@/lib/errors";
import { readCsvGz, type Manifest } from "@/lib/snapshots/format";
import type { Actor } from "@/lib/server/auth";
import { logActivity } from "@/lib/server/activity";
import { sqlOf } from "@/lib/server/db";
import { type ResolvedTask } from "@/lib/server/tasks";
import type { BoardRow } from "@/lib/server/leaderboard";
import {
  latestSnapshotOfRelease,
  objectData,
  snapshotFile,
  snapshotManifest,
  snapshotsOfTask,
  takeDown,
} from "./snapshots.sql";

/** A snapshot id: the SHA-256 of its manifest, in hex. */
export const SNAPSHOT_ID = /^[0-9a-f]{64}$/;

/** How a snapshot is cited and fetched: its page, its manifest's URLs. */
export function snapshotUrls(id: string) {
  return {
    url: `/api/v1/snapshots/${id}`,
    manifest: `/api/v1/snapshots/${id}/files/manifest.json`,
    page: `/snapshots/${id}`,
  };
}

/** A task's snapshots, newest first; a taken-down one says when and why, and has no files. */
export async function listSnapshots(db: PrismaClient, task: ResolvedTask) {
  const rows = await snapshotsOfTask(sqlOf(db), task.id);
  return rows.map((r) => ({
    id: r.id,
    release: r.release_version,
    hidden: r.hidden,
    reason: r.reason,
    bytes: Number(r.bytes),
    createdAt: r.created_at.toISOString(),
    takenDown: r.taken_down_at ? { at: r.taken_down_at.toISOString(), reason: r.takedown_reason ?? "" } : null,
    ...snapshotUrls(r.id),
  }));
}

/** The newest live snapshot of a release, or null. */
export async function latestSnapshot(db: PrismaClient, releaseId: string) {
  const r = await latestSnapshotOfRelease(sqlOf(db), releaseId);
  return r
    ? {
        id: r.id,
        createdAt: r.created_at.toISOString(),
        hidden: r.hidden,
        /** the board version it froze (or was found equal to): the board on screen is this one while the release's is no newer */
        boardVersion: BigInt(r.board_version),
        ...snapshotUrls(r.id),
      }
    : null;
}

/** A snapshot's manifest bytes. @throws AppError not_found (an unknown id, or one taken down: saying so) */
export async function readManifest(db: PrismaClient, id: string): Promise<{ bytes: Buffer; manifest: Manifest }> {
  if (!SNAPSHOT_ID.test(id)) throw notFound(`snapshot ${id.slice(0, 80)}`);
  const r = await snapshotManifest(sqlOf(db), id);
  if (!r) throw notFound(`snapshot ${id}`);
  if (r.taken_down_at)
    throw new AppError(
      "not_found",
      `snapshot ${id} was taken down on ${r.taken_down_at.toISOString().slice(0, 10)}: ${r.takedown_reason}`,
    );
  return { bytes: r.manifest, manifest: JSON.parse(r.manifest.toString("utf8")) as Manifest };
}

/**
 * One file of a snapshot. A hidden release's snapshot has no per-instance file: asking for one is
 * a 404 that says why.
 * @throws AppError not_found
 */
export async function readSnapshotFile(db: PrismaClient, id: string, name: string): Promise<Buffer> {
  const { bytes, manifest } = await readManifest(db, id);
  if (name === "manifest.json") return bytes;
  const f = await snapshotFile(sqlOf(db), id, name);
  if (f) return joinObjects(db, f.parts);
  if (manifest.release.hidden && /^(instances|predictions)\./.test(name))
    throw new AppError(
      "not_found",
      `snapshot ${id} is of a hidden release: it holds the board only, nothing per instance (its truth never leaves the server)`,
    );
  throw notFound(
    `file ${name.slice(0, 80)} of snapshot ${id} (it has: manifest.json, ${manifest.files.map((f) => f.name).join(", ")})`,
  );
}

/** A file's bytes: its objects, one after the other (issue 48). */
async function joinObjects(db: PrismaClient, parts: string[]): Promise<Buffer> {
  const data = await objectData(sqlOf(db), [...new Set(parts)]);
  return Buffer.concat(
    parts.map((h) => {
      const d = data.get(h);
      if (!d) throw new AppError("internal", `snapshot object ${h} is missing`);
      return d;
    }),
  );
}

/** An admin's takedown of a whole snapshot: its files are deleted, its listing says when and why. */
export async function takeDownSnapshot(db: PrismaClient, actor: Actor, id: string, reason: string) {
  const { manifest } = await readManifest(db, id);
  const task = await db.task.findUnique({ where: { fullSlug: manifest.task.slug }, select: { id: true } });
  await db.$transaction(async (tx) => {
    if (!(await takeDown(sqlOf(tx), id, reason))) throw notFound(`snapshot ${id}`);
    await logActivity(sqlOf(tx), {
      actor,
      action: "snapshot.takedown",
      target: { type: "snapshot", id },
      taskId: task?.id,
      public: true,
      after: { reason, release: manifest.release.version, role: "admin" },
    });
  });
}

/** One row of a frozen board, as its snapshot holds it: the live board's fields, at its position. */
export type FrozenRow = Pick<
  BoardRow,
  | "rank"
  | "rankInterval"
  | "rankIntervalSimultaneous"
  | "topGroup"
  | "submissionId"
  | "model"
  | "team"
  | "baseline"
  | "partial"
  | "coverage"
  | "primary"
  | "ci"
  | "createdAt"
> & { position: number };

const n = (v: string | null) => (v === null ? null : Number(v));
const pair = <K extends string>(a: string | null, b: string | null, k: [K, K]) =>
  a === null || b === null ? null : ({ [k[0]]: Number(a), [k[1]]: Number(b) } as Record<K, number>);

/**
 * A task's board as a snapshot froze it (`?snapshot=ID` on the board page): the view asked for,
 * in its order. @throws AppError not_found (unknown, taken down, or another task's snapshot)
 */
export async function frozenBoard(db: PrismaClient, fullSlug: string, id: string, view: "best" | "all") {
  const { manifest } = await readManifest(db, id);
  if (manifest.task.slug !== fullSlug) throw notFound(`snapshot ${id} of ${fullSlug} (it is of ${manifest.task.slug})`);
  const rows = readCsvGz(await readSnapshotFile(db, id, "board.csv.gz"))
    .filter((r) => r.view === view)
    .map((r): FrozenRow => ({
      position: Number(r.position),
      rank: n(r.rank),
      rankInterval: pair(r.rank_lo, r.rank_hi, ["lo", "hi"]),
      rankIntervalSimultaneous: pair(r.rank_sim_lo, r.rank_sim_hi, ["lo", "hi"]),
      topGroup: r.top_group === "true",
      submissionId: r.submission_id!,
      model: r.model!,
      team: r.team,
      baseline: r.baseline,
      partial: r.partial === "true",
      coverage: { covered: Number(r.covered), total: Number(r.total) },
      primary: n(r.primary),
      ci: pair(r.ci_low, r.ci_high, ["low", "high"]),
      createdAt: r.created_at!,
    }));
  return { id, manifest, view, rows };
}

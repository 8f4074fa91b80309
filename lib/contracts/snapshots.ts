// Snapshots (issue 31): which snapshot, the answers of the snapshot routes, a snapshot's manifest.
import { z } from "zod";
import { iso } from "./common";

/** A snapshot: its id is the SHA-256 of its manifest (64 hex digits). */
const snapshotId = z.string().regex(/^[0-9a-f]{64}$/, "a snapshot id is the SHA-256 of its manifest: 64 hex digits");
/** `/api/v1/snapshots/{id}`, `DELETE /api/v1/admin/snapshots/{id}` */
export const SnapshotParams = z.object({ id: snapshotId });
/** `/api/v1/snapshots/{id}/files/{name}` */
export const SnapshotFileParams = z.object({
  id: snapshotId,
  name: z.string().regex(/^[a-z_]+\.(csv\.gz|parquet|json)$/, "a file of the snapshot's manifest, e.g. board.parquet"),
});
/** `DELETE /api/v1/admin/snapshots/{id}`: why it is taken down */
export const TakedownBody = z.object({ reason: z.string().trim().min(3, "say why").max(500) });

export const SnapshotListItem = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  release: z.string(),
  hidden: z.boolean(),
  reason: z.string(),
  bytes: z.number().int(),
  createdAt: z.iso.datetime(),
  takenDown: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  url: z.string(),
  manifest: z.string(),
  /** the snapshot's page: what it holds, its files, how to cite and verify it */
  page: z.string(),
});
export const SnapshotList = z.object({ task: z.string(), snapshots: z.array(SnapshotListItem) });
export type SnapshotList = z.infer<typeof SnapshotList>;

export const SnapshotQueued = z.object({ job: z.object({ id: z.uuid(), url: z.string() }) });

/**
 * GET /api/v1/snapshots/{id} (and its file manifest.json): what the snapshot holds, each file's
 * SHA-256, size and rows; sent as stored, byte for byte (its SHA-256 is the snapshot's id).
 */
export const SnapshotManifest = z.object({
  format: z.literal("tse-leaderboard-snapshot"),
  formatVersion: z.number().int(),
  createdAt: iso,
  reason: z.string(),
  task: z.object({
    slug: z.string(),
    kind: z.string(),
    options: z.record(z.string(), z.unknown()),
    primaryMetric: z.string(),
  }),
  release: z.object({
    id: z.uuid(),
    version: z.string(),
    hidden: z.boolean(),
    instanceCount: z.number().int().nonnegative(),
    bootstrapSeed: z.number().int(),
    checksum: z.string(),
    boardVersion: z.string(),
  }),
  metricsVersion: z.string(),
  rankIntervals: z.object({ level: z.number(), resamples: z.number().int(), state: z.string(), method: z.string() }),
  /** what a hidden release's snapshot leaves out */
  withheld: z.array(z.string()),
  files: z.array(
    z.object({
      name: z.string(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      bytes: z.number().int().nonnegative(),
      rows: z.number().int().nonnegative(),
    }),
  ),
});
export type SnapshotManifest = z.infer<typeof SnapshotManifest>;

/** A key's id: the first 16 hex digits of the SHA-256 of its raw 32-byte public key. */
const keyId = z.string().regex(/^[0-9a-f]{16}$/, "a key id is 16 hex digits (of the SHA-256 of the raw public key)");

/**
 * GET /api/v1/snapshots/{id}/signature (issue 48): the host's detached Ed25519 signature over the
 * exact bytes of the snapshot's manifest.json, and the key that made it.
 */
export const SnapshotSignature = z.object({
  alg: z.literal("Ed25519"),
  keyId,
  /** base64 of the 64-byte signature */
  signature: z.string().regex(/^[A-Za-z0-9+/]{86}==$/, "base64 of a 64-byte Ed25519 signature"),
});
export type SnapshotSignature = z.infer<typeof SnapshotSignature>;

/** GET /.well-known/leaderboard-keys.json: every key the host signs (or signed) snapshots with. */
export const LeaderboardKeys = z.object({
  keys: z.array(
    z.object({
      keyId,
      alg: z.literal("Ed25519"),
      /** base64 of the raw 32-byte public key */
      publicKey: z.string().regex(/^[A-Za-z0-9+/]{43}=$/, "base64 of a raw 32-byte Ed25519 public key"),
      /** when it was retired (a new key took its place; its signatures still verify), or null: the active key */
      retired: z.iso.datetime().nullable(),
    }),
  ),
});
export type LeaderboardKeys = z.infer<typeof LeaderboardKeys>;

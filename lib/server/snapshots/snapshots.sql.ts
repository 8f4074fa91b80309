// The statements of the snapshots feature (issue 31).
import type { Sql } from "@/lib/server/db";

/** A submission's stored predictions, without the fields kept only for display (traces). */
export function predictionsOf(sql: Sql, submissionId: string, drop: string[]) {
  return sql<{ external_id: string; data: Record<string, unknown> }>(
    `SELECT external_id, data - $2::text[] AS data FROM predictions WHERE submission_id = $1::uuid ORDER BY external_id`,
    [submissionId, drop],
  );
}

export async function insertSnapshot(
  sql: Sql,
  s: {
    id: string;
    taskId: string;
    releaseId: string;
    releaseVersion: string;
    hidden: boolean;
    reason: string;
    boardVersion: bigint;
    manifest: Buffer;
    bytes: number;
  },
): Promise<boolean> {
  const rows = await sql<{ id: string }>(
    `INSERT INTO snapshots (id, task_id, release_id, release_version, hidden, reason, board_version, manifest, bytes)
     VALUES ($1, $2::uuid, $3::uuid, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [s.id, s.taskId, s.releaseId, s.releaseVersion, s.hidden, s.reason, s.boardVersion, s.manifest, s.bytes],
  );
  return rows.length > 0;
}

/** A file of a snapshot: the objects whose bytes, one after the other, are its bytes. */
export function insertSnapshotFile(
  sql: Sql,
  f: { snapshotId: string; name: string; sha256: string; size: number; rows: number; parts: string[] },
) {
  return sql(
    `INSERT INTO snapshot_files (snapshot_id, name, sha256, size, rows, parts) VALUES ($1, $2, $3, $4, $5, $6::text[])`,
    [f.snapshotId, f.name, f.sha256, f.size, f.rows, f.parts],
  );
}

/** Stores an object under its SHA-256 (once: the same bytes are the same object). */
export async function insertObject(sql: Sql, sha256: string, data: Buffer): Promise<void> {
  await sql(`INSERT INTO snapshot_objects (sha256, size, data) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING`, [
    sha256,
    data.length,
    data,
  ]);
}

/** Which of these objects are stored. */
export async function storedObjects(sql: Sql, hashes: string[]): Promise<Set<string>> {
  const rows = await sql<{ sha256: string }>(`SELECT sha256 FROM snapshot_objects WHERE sha256 = ANY($1::text[])`, [
    hashes,
  ]);
  return new Set(rows.map((r) => r.sha256));
}

/** The bytes of objects, by SHA-256 (those stored). */
export async function objectData(sql: Sql, hashes: string[]): Promise<Map<string, Buffer>> {
  const rows = await sql<{ sha256: string; data: Uint8Array }>(
    `SELECT sha256, data FROM snapshot_objects WHERE sha256 = ANY($1::text[])`,
    [hashes],
  );
  return new Map(rows.map((r) => [r.sha256, Buffer.from(r.data)]));
}

/** A submission's predictions part on a release: the one written for its score as it stands (null: none yet, or re-scored since). */
export interface StoredPart {
  submission_id: string;
  object: string;
  rows: number;
  crc32: string;
  raw_size: string;
}

/** The stored predictions parts of these submissions on a release, for their current scores. */
export function currentParts(sql: Sql, releaseId: string, ids: string[]) {
  return sql<StoredPart>(
    `SELECT p.submission_id::text, p.object, p.rows, p.crc32::text, p.raw_size::text
       FROM snapshot_parts p JOIN scores sc ON sc.submission_id = p.submission_id AND sc.release_id = p.release_id
      WHERE p.release_id = $1::uuid AND p.submission_id = ANY($2::uuid[]) AND p.computed_at = sc.computed_at`,
    [releaseId, ids],
  );
}

/** Records a submission's predictions part for its score as computed now (replacing an older one). */
export async function savePart(
  sql: Sql,
  p: {
    submissionId: string;
    releaseId: string;
    /** the score's computed_at read before the part was built: a re-score since leaves the part stale, never mislabelled */
    computedAt: string;
    object: string;
    rows: number;
    crc32: number;
    rawSize: number;
  },
): Promise<void> {
  await sql(
    `INSERT INTO snapshot_parts (submission_id, release_id, computed_at, object, rows, crc32, raw_size)
     VALUES ($1::uuid, $2::uuid, $3::timestamptz, $4, $5, $6, $7)
     ON CONFLICT (submission_id, release_id) DO UPDATE SET computed_at = EXCLUDED.computed_at, object = EXCLUDED.object,
       rows = EXCLUDED.rows, crc32 = EXCLUDED.crc32, raw_size = EXCLUDED.raw_size`,
    [p.submissionId, p.releaseId, p.computedAt, p.object, p.rows, p.crc32, p.rawSize],
  );
}

/** When each of these submissions' scores on the release was computed (ISO 8601, to the millisecond). */
export async function scoreStamps(sql: Sql, releaseId: string, ids: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ submission_id: string; at: string }>(
    `SELECT submission_id::text, to_char(computed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
       FROM scores WHERE release_id = $1::uuid AND submission_id = ANY($2::uuid[])`,
    [releaseId, ids],
  );
  return new Map(rows.map((r) => [r.submission_id, r.at]));
}

/**
 * Deletes the objects no live snapshot's file holds (a takedown's, an old score's part), once an
 * hour has passed since each was written: a snapshot being built holds the objects it wrote
 * before it is stored. Returns how many and how many bytes.
 */
export async function collectObjects(sql: Sql): Promise<{ objects: number; bytes: number }> {
  const [r] = await sql<{ n: string; bytes: string }>(
    `WITH gone AS (
       DELETE FROM snapshot_objects o
        WHERE o.created_at < now() - interval '1 hour'
          AND NOT EXISTS (SELECT 1 FROM snapshot_files f WHERE f.parts @> ARRAY[o.sha256])
       RETURNING size)
     SELECT count(*)::text AS n, coalesce(sum(size), 0)::text AS bytes FROM gone`,
    [],
  );
  return { objects: Number(r.n), bytes: Number(r.bytes) };
}

/** A task's snapshots, newest first (the manifest is read separately). */
export function snapshotsOfTask(sql: Sql, taskId: string) {
  return sql<{
    id: string;
    release_version: string;
    hidden: boolean;
    reason: string;
    bytes: string;
    created_at: Date;
    taken_down_at: Date | null;
    takedown_reason: string | null;
  }>(
    `SELECT id, release_version, hidden, reason, bytes::text, created_at, taken_down_at, takedown_reason
       FROM snapshots WHERE task_id = $1::uuid ORDER BY created_at DESC, id LIMIT 500`,
    [taskId],
  );
}

/** The newest snapshot of a release and the board version it froze. */
export async function latestSnapshotOfRelease(sql: Sql, releaseId: string) {
  const [r] = await sql<{ id: string; board_version: string; created_at: Date; hidden: boolean }>(
    `SELECT id, board_version::text, created_at, hidden FROM snapshots
      WHERE release_id = $1::uuid AND taken_down_at IS NULL ORDER BY created_at DESC LIMIT 1`,
    [releaseId],
  );
  return r ?? null;
}

export async function snapshotManifest(sql: Sql, id: string) {
  const [r] = await sql<{ manifest: Buffer; taken_down_at: Date | null; takedown_reason: string | null }>(
    `SELECT manifest, taken_down_at, takedown_reason FROM snapshots WHERE id = $1`,
    [id],
  );
  // bytea arrives as a Uint8Array through the driver adapter
  return r ? { ...r, manifest: Buffer.from(r.manifest) } : null;
}

/** A file of a snapshot: its SHA-256 and the objects it is made of, in order. */
export async function snapshotFile(sql: Sql, id: string, name: string) {
  const [r] = await sql<{ sha256: string; parts: string[] }>(
    `SELECT sha256, parts FROM snapshot_files WHERE snapshot_id = $1 AND name = $2`,
    [id, name],
  );
  return r ?? null;
}

/**
 * Published releases whose board moved since their newest snapshot (a taken-down one counts: a
 * takedown is not undone by the next night's run), and none of whose live ones is under a day old.
 */
export function releasesDueForSnapshot(sql: Sql) {
  return sql<{ id: string }>(
    `SELECT r.id::text FROM releases r
      WHERE r.status = 'published'
        AND NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.release_id = r.id
                         AND (s.board_version >= r.board_version
                              OR (s.taken_down_at IS NULL AND s.created_at > now() - interval '1 day')))`,
    [],
  );
}

/** An admin's takedown: the files go, the row stays and says why. */
export async function takeDown(sql: Sql, id: string, reason: string) {
  await sql(`DELETE FROM snapshot_files WHERE snapshot_id = $1`, [id]);
  const rows = await sql<{ id: string }>(
    `UPDATE snapshots SET taken_down_at = now(), takedown_reason = $2 WHERE id = $1 AND taken_down_at IS NULL RETURNING id`,
    [id, reason],
  );
  return rows.length > 0;
}

/** Serialises the queueing of a release's snapshots (in the caller's transaction). */
export async function lockSnapshots(sql: Sql, releaseId: string) {
  await sql(`SELECT 1 FROM pg_advisory_xact_lock(hashtext('snapshot'), hashtext($1))`, [releaseId]);
}

/** A release's snapshot job already queued or running (at most one at a time), or null. */
export async function pendingSnapshotJob(sql: Sql, releaseId: string): Promise<string | null> {
  const [r] = await sql<{ id: string }>(
    `SELECT id::text FROM jobs WHERE kind = 'snapshot' AND status IN ('queued', 'running')
        AND payload->>'releaseId' = $1 LIMIT 1`,
    [releaseId],
  );
  return r?.id ?? null;
}

/** A task's public moderation ledger (changelog.ts LEDGER_KINDS), oldest first. */
export function ledgerEvents(sql: Sql, taskId: string, kinds: readonly string[]) {
  return sql<{
    at: Date;
    action: string;
    target_type: string;
    target_id: string;
    after: Record<string, unknown> | null;
  }>(
    `SELECT at, action, target_type, target_id, after FROM activity_events
      WHERE task_id = $1::uuid AND public AND action = ANY($2::text[]) ORDER BY at, id`,
    [taskId, [...kinds]],
  );
}

/** Bytes the live snapshots take as stored: their manifests and every object a file of theirs holds, each once. */
export async function liveSnapshotBytes(sql: Sql): Promise<number> {
  const [r] = await sql<{ n: string }>(
    `SELECT ((SELECT coalesce(sum(length(manifest)), 0) FROM snapshots WHERE taken_down_at IS NULL)
           + (SELECT coalesce(sum(o.size), 0) FROM snapshot_objects o
               WHERE o.sha256 IN (SELECT unnest(f.parts) FROM snapshot_files f)))::text AS n`,
    [],
  );
  return Number(r.n);
}

/** Some files of a snapshot as stored: name, SHA-256, size, rows and objects. */
export function snapshotFileEntries(sql: Sql, id: string, names: string[]) {
  return sql<{ name: string; sha256: string; size: string; rows: number; parts: string[] }>(
    `SELECT name, sha256, size::text, rows, parts FROM snapshot_files WHERE snapshot_id = $1 AND name = ANY($2::text[]) ORDER BY name`,
    [id, names],
  );
}

/** A snapshot's files by name and SHA-256 (not their bytes). */
export function snapshotFileHashes(sql: Sql, id: string) {
  return sql<{ name: string; sha256: string }>(`SELECT name, sha256 FROM snapshot_files WHERE snapshot_id = $1`, [id]);
}

/** A snapshot's files are known to equal the board at `version` too (the column, not its manifest). */
export async function confirmBoardVersion(sql: Sql, id: string, version: bigint) {
  await sql(`UPDATE snapshots SET board_version = GREATEST(board_version, $2) WHERE id = $1`, [id, version]);
}

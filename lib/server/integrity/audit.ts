// The integrity audit of one scored upload (issue 34, 47): run inside the upload, in the
// transaction that stores its score (lib/server/submissions/ingest.ts), so that its answer says what
// was found and a public upload that must be held is never ranked; a judged CR-Bench upload is
// audited by the `audit-submission` job queued with its score. It reads the submission's own
// predictions once (to fingerprint them, sketch its traces and look for the truth in them) and, of
// every other submission, only the compact fingerprints earlier audits stored (./fingerprint.ts) —
// so its cost grows with the release's submissions by a few hundred bytes each, never by their
// predictions. Audits of one release run one at a time (an advisory lock held until their
// transaction commits), so an upload is compared with every upload committed before it. What it
// finds is stored with the submission, and may hold it for review (./hold.ts).
import { performance } from "node:perf_hooks";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { getReleaseInstances } from "@/lib/server/cache";
import { advisoryXactLock, sqlOf, type Sql } from "@/lib/server/db";
import { log } from "@/lib/server/observability";
import { getTaskById } from "@/lib/server/tasks";
import type { StoredInstance } from "@/lib/tasks/types";
import {
  auditCandidates,
  auditSubject,
  baselineOutcomes,
  copiesOfTeam,
  fingerprintsOf,
  predictionsOf,
  teamUploads,
  upsertAudit,
} from "./audit.sql";
import { holdingReasons, settleHold } from "./hold";
import { publicNamed } from "./view";
import { bytesOf, estimatedContainment, fingerprintPredictions, u32, type Fingerprint } from "./fingerprint";
import {
  NEAR_DUPLICATE,
  nearDuplicate,
  probing,
  traceOverlap,
  trivialOutcomes,
  truthReason,
  type Compared,
  type StoredReason,
} from "./reasons";
import { publicShingles, sketchTexts, traceText } from "./text";
import { fold, outcomeCounts, truthInTrace, truthMatch, truthProbe, type TruthProbe } from "./truth";

/** Near-duplicates and overlapping traces listed per audit (the closest first). */
const MAX_MATCHES = 3;
/** Trace text searched for the truth, per instance. */
const TRUTH_SEARCH_CHARS = 65536;

/** What an audit learns from the submission's own predictions. */
interface Own {
  fp: Fingerprint;
  outcomes: Uint8Array | null;
  textSketch: Uint32Array | null;
  textShingles: number;
  truth: StoredReason | null;
}

// per cached instance object (the truth cache keeps them): its truth probe and its public text's shingles
const probes = new WeakMap<StoredInstance, TruthProbe>();
const quoted = new WeakMap<StoredInstance, Set<number>>();
const probeOf = (i: StoredInstance) => {
  let p = probes.get(i);
  if (!p) probes.set(i, (p = truthProbe(i)));
  return p;
};
const quotedOf = (i: StoredInstance) => {
  let q = quoted.get(i);
  if (!q) quoted.set(i, (q = publicShingles(traceText(i.metadata, Object.keys(i.metadata), 1 << 16))));
  return q;
};

type Pred = { external_id: string; data: Record<string, unknown> };

/** The text sketch of the submission's traces (null: it has none). */
function traceSketch(storageOnly: readonly string[], instances: StoredInstance[], byId: Map<string, Pred["data"]>) {
  const items = instances.flatMap((inst) => {
    const data = byId.get(inst.externalId);
    const text = data ? traceText(data, storageOnly, 8192) : "";
    return text ? [{ id: inst.externalId, text, quoted: quotedOf(inst) }] : [];
  });
  return items.length ? sketchTexts(items) : null;
}

/** Traces holding the truth of their instance (./truth.ts). */
function truthHits(storageOnly: readonly string[], instances: StoredInstance[], byId: Map<string, Pred["data"]>) {
  const hits: { id: string; found: "link" | "source" | "text" }[] = [];
  for (const inst of instances) {
    const data = byId.get(inst.externalId);
    const trace = data ? fold(traceText(data, storageOnly, TRUTH_SEARCH_CHARS)) : "";
    if (!data || !trace) continue;
    const answer = fold(
      traceText(
        data,
        Object.keys(data).filter((k) => !storageOnly.includes(k)),
      ),
    );
    const found = truthInTrace(trace, answer, probeOf(inst));
    if (found) hits.push({ id: inst.externalId, found });
  }
  return truthReason(hits);
}

/** Fingerprint, text sketch and truth-in-trace of the submission's own predictions. */
function readOwn(
  storageOnly: readonly string[],
  instances: StoredInstance[],
  preds: Pred[],
  outcomes: Uint8Array | null,
): Own {
  const fp = fingerprintPredictions(preds, storageOnly);
  if (!storageOnly.length) return { fp, outcomes, textSketch: null, textShingles: 0, truth: null };
  const byId = new Map(preds.map((p) => [p.external_id, p.data]));
  const text = traceSketch(storageOnly, instances, byId);
  return {
    fp,
    outcomes,
    textSketch: text?.sketch ?? null,
    textShingles: text?.shingles ?? 0,
    truth: truthHits(storageOnly, instances, byId),
  };
}

/** The submission an audit is about, as its comparisons read it. */
interface Subject {
  id: string;
  releaseId: string;
  createdAt: Date;
  teamId: string | null;
  /** compare with other teams' submissions uploaded before it only (the back-fill) */
  earlierOnly: boolean;
  /** its outcomes are a server baseline's (a trivial policy's): compared by predictions only */
  trivial: boolean;
}

/** Near-duplicates of, and trace overlaps with, other teams' submissions audited before it on the release. */
async function compareWithOthers(
  sql: Sql,
  subject: Subject,
  own: Own,
): Promise<{ reasons: StoredReason[]; compared: number }> {
  const rows = await auditCandidates(sql, subject);
  const others: (Compared & { sketch: Uint32Array; covered: number })[] = rows.map((r) => ({
    id: r.id,
    covered: r.covered,
    sketch: u32(r.prediction_sketch),
    pairs: null,
    outcomes: r.outcomes ? new Uint8Array(r.outcomes) : null,
    textSketch: r.text_sketch ? u32(r.text_sketch) : null,
    textShingles: r.text_shingles,
  }));
  // first pass on the sketches and outcome bits; full fingerprints only for what it picks
  // (with no pairs yet, nearDuplicate compares the outcome bits only); outcomes a trivial policy
  // has too are not compared (reasons.ts)
  const mine = { pairs: own.fp.pairs, outcomes: subject.trivial ? null : own.outcomes };
  const picked = others.filter(
    (c) => estimatedContainment(own.fp, c) >= NEAR_DUPLICATE.firstPass || nearDuplicate(mine, c) !== null,
  );
  if (picked.length) {
    const full = await fingerprintsOf(
      sql,
      picked.map((c) => c.id),
    );
    const byId = new Map(full.map((r) => [r.id, u32(r.fingerprint)]));
    for (const c of picked) c.pairs = byId.get(c.id) ?? null;
  }
  const found = [
    ...closest(picked.map((c) => nearDuplicate(mine, c))),
    ...closest(others.map((c) => traceOverlap(own, c))),
  ];
  return { reasons: await withoutCopiesOfOwn(sql, found, subject.teamId), compared: others.length };
}

/** A reason that names another submission. */
type Match = Extract<StoredReason, { submissionId: string }>;

/** The closest matches first, at most MAX_MATCHES; of equal ones the earliest (candidates come oldest first; the sort is stable). */
function closest(rs: (StoredReason | null)[]) {
  return rs
    .filter((r): r is Match => r !== null && "submissionId" in r)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, MAX_MATCHES);
}

/**
 * Leaves out matches with submissions that were themselves flagged as copies of this team's work:
 * the original team's next upload resembles its copier's without having copied it.
 */
async function withoutCopiesOfOwn(sql: Sql, found: Match[], teamId: string | null): Promise<StoredReason[]> {
  if (!teamId || !found.length) return found;
  const copies = new Set(
    (
      await copiesOfTeam(
        sql,
        found.map((r) => r.submissionId),
        teamId,
      )
    ).map((r) => r.id),
  );
  return found.filter((r) => !copies.has(r.submissionId));
}

/** Probing of a hidden release by the team's consecutive uploads. */
async function probingOf(sql: Sql, subject: Subject, own: Own): Promise<StoredReason | null> {
  if (!subject.teamId) return null;
  const earlier = await teamUploads(sql, { ...subject, teamId: subject.teamId });
  return probing([...earlier.map((r) => u32(r.fingerprint)), own.fp.pairs]);
}

/** What an audit found (null: nothing to audit — not scored, a baseline, no score on its release). */
export interface AuditResult {
  status: "clean" | "flagged";
  reasons: StoredReason[];
  millis: number;
  compared: number;
  /** what it did to the submission's hold: held it, cleared the audit's hold, or nothing */
  hold: "held" | "cleared" | null;
}

/** What the audit reads of its subject: its own predictions' fingerprint, traces and truth checks. */
async function readSubject(sql: Sql, db: PrismaClient, s: NonNullable<Awaited<ReturnType<typeof auditSubject>>>) {
  const task = await getTaskById(db, s.task_id);
  const instances = await getReleaseInstances(db, s.release_id!, s.release_status !== "draft");
  const own = readOwn(
    task.kind.storageOnlyFields ?? [],
    instances,
    await predictionsOf(sql, s.id),
    s.outcomes ? new Uint8Array(s.outcomes) : null,
  );
  return { own, instances: instances.length };
}

/** Predictions that reproduce the truth, measured against the release's best baseline (./truth.ts). */
function truthMatchOf(own: Own, baselines: (Uint8Array | null)[], n: number): StoredReason | null {
  const floor = Math.max(
    0,
    ...baselines.map((b) => {
      const c = outcomeCounts(b);
      return c && c.covered === n ? c.right / n : 0;
    }),
  );
  return truthMatch(own.outcomes, n, floor);
}

/**
 * Audits one submission in the caller's transaction, under its release's audit lock (held until
 * that transaction ends), stores what it found (replacing an earlier audit of it) and holds it for
 * review, or ends the audit's hold, as ./hold.ts says. `earlierOnly`: compare with submissions
 * uploaded before it only (the back-fill of old submissions).
 */
export async function auditInTransaction(
  sql: Sql,
  db: PrismaClient,
  submissionId: string,
  opts: { earlierOnly?: boolean } = {},
): Promise<AuditResult | null> {
  const t0 = performance.now();
  const s = await auditSubject(sql, submissionId);
  if (!s || s.status !== "scored" || s.baseline || !s.release_id || !s.scored) return null;
  await advisoryXactLock(sql, `audit:${s.release_id}`);
  const { own, instances } = await readSubject(sql, db, s);
  // the release's trivial policies: what equal outcomes and a high share right are measured against
  const baselines = (await baselineOutcomes(sql, s.release_id)).map((b) =>
    b.outcomes ? new Uint8Array(b.outcomes) : null,
  );
  const subject: Subject = {
    id: s.id,
    releaseId: s.release_id,
    createdAt: s.created_at,
    teamId: s.team_id,
    earlierOnly: opts.earlierOnly === true,
    trivial: trivialOutcomes(own.outcomes, baselines),
  };
  const { reasons, compared } = await compareWithOthers(sql, subject, own);
  if (own.truth) reasons.push(own.truth);
  const match = truthMatchOf(own, baselines, instances);
  if (match) reasons.push(match);
  const probe = s.hidden ? await probingOf(sql, subject, own) : null;
  if (probe) reasons.push(probe);
  const status = reasons.length ? "flagged" : "clean";
  const millis = Math.round(performance.now() - t0);
  await upsertAudit(sql, {
    submissionId,
    releaseId: s.release_id,
    status,
    reasons,
    covered: own.fp.covered,
    fingerprint: bytesOf(own.fp.pairs),
    predictionSketch: bytesOf(own.fp.sketch),
    textSketch: own.textSketch ? bytesOf(own.textSketch) : null,
    textShingles: own.textShingles,
    millis,
  });
  const holding = holdingReasons(reasons, s.hidden === true, await publicNamed(sql, reasons));
  const hold = await settleHold(
    sql,
    { ...s, taskId: s.task_id, teamId: s.team_id, hiddenAt: s.hidden_at, heldAt: s.held_at },
    holding,
  );
  log.info(
    { submissionId, task: s.task, status, reasons: reasons.map((r) => r.kind), hold, compared, millis },
    "integrity audit",
  );
  return { status, reasons, millis, compared, hold };
}

/** Audits one submission in a transaction of its own (the jobs: judged uploads, the back-fill, re-audits). */
export function auditSubmission(
  db: PrismaClient,
  submissionId: string,
  opts: { earlierOnly?: boolean } = {},
): Promise<AuditResult | null> {
  return db.$transaction((tx) => auditInTransaction(sqlOf(tx), db, submissionId, opts), {
    maxWait: 30_000,
    timeout: 120_000,
  });
}

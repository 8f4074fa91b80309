import { CHANGELOG_EVENTS, LEDGER_EVENTS } from "@/lib/contracts/leaderboards";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { publicUrl } from "@/lib/server/http";
import { sqlOf } from "@/lib/server/db";
import { isPublicEvent, publicEvents } from "./changelog.sql";
import { AppError } from "@/lib/errors";
import { type ResolvedTask } from "@/lib/server/tasks";
import type { CHANGELOG_TYPES } from "@/lib/validations/common";

type ChangelogType = (typeof CHANGELOG_TYPES)[number];

// A task's public changelog: releases published and archived, re-scores and new public entries,
// from the activity log (events marked public), and its moderation ledger: every verification,
// hide, hold for review and its clearance (issue 47), withdrawal, removal and snapshot takedown of
// something that was public, with its date,
// who decided (a role, never a name) and the reason given. A new entry whose submission is no
// longer public (made private, hidden, withdrawn, deleted) drops out; the ledger's record of why
// never does (it names the model and team as they were shown).

/** The events each filter of the changelog shows (null: every kind). */
const TYPE_ACTIONS: Record<ChangelogType, readonly string[] | null> = {
  all: null,
  releases: ["release.publish", "release.archive", "release.rescore"],
  entries: ["submission.public"],
  moderation: LEDGER_EVENTS,
};

/** The ledger's events (lib/contracts): kept whatever became of their submission. */
export const LEDGER_KINDS = LEDGER_EVENTS;
const isLedger = (k: string) => (LEDGER_KINDS as readonly string[]).includes(k);

export interface ChangelogEvent {
  id: string;
  at: string;
  kind: (typeof CHANGELOG_EVENTS)[number];
  summary: string;
  /** the ledger: who decided (a role) and why */
  decidedBy?: string;
  reason?: string | null;
  release?: string;
  submission?: { id: string; model: string; team: string | null; url: string };
}

/**
 * The newest `limit` events (older than event `before`, if given). `next` is the cursor of the
 * page after this one (null on the last), for `?before=`.
 * @throws AppError not_found (the task; a `before` that is not one of its public events)
 */
export async function taskChangelog(
  db: PrismaClient,
  task: ResolvedTask,
  limit = 100,
  before?: string,
  type: ChangelogType = "all",
) {
  const rows = await publicEvents<ChangelogEvent["kind"]>(sqlOf(db), task.id, limit * 2, before, TYPE_ACTIONS[type]);
  // nothing older: the end of the changelog, or a cursor that names no event of it
  if (before && !rows.length && !(await isPublicEvent(sqlOf(db), task.id, before)))
    throw new AppError(
      "not_found",
      `no event ${before} on the changelog of ${task.fullSlug}: \`before\` takes the \`next\` of one of its pages`,
    );
  const base = publicUrl();
  const events: ChangelogEvent[] = [];
  for (const r of rows) {
    // a ledger event names what was shown when it was decided (its `role` says it was written so);
    // events from before the ledger follow their submission's visibility, as they always did
    const ledger = isLedger(r.action) && (r.target_type !== "submission" || r.after?.role !== undefined);
    if (r.target_type === "submission" && !r.visible && !ledger) continue;
    const event = changelogEvent(r, base, ledger);
    events.push(event);
    if (events.length >= limit) break;
  }
  // more may follow when this page is full, or when the read window ran out before it filled
  const last =
    events.length >= limit ? events[events.length - 1].id : rows.length === limit * 2 ? rows[rows.length - 1].id : null;
  return { task: task.fullSlug, taskName: task.name, benchmark: task.benchmark.name, events, next: last };
}

type EventRow = Awaited<ReturnType<typeof publicEvents<ChangelogEvent["kind"]>>>[number];

/** One row of the activity log as the changelog shows it. */
function changelogEvent(r: EventRow, base: string, ledger: boolean): ChangelogEvent {
  const version = String(r.after?.version ?? r.before?.version ?? r.after?.release ?? "");
  // the ledger names the model and team as they were shown when it was decided
  const model = ledger && r.after?.model ? String(r.after.model) : (r.model ?? String(r.after?.model ?? ""));
  const team = ledger && r.after && "team" in r.after ? (r.after.team as string | null) : r.team;
  const sub =
    r.target_type === "submission"
      ? { id: r.target_id, model, team, url: `${base}/submissions/${r.target_id}` }
      : undefined;
  const who = `${model}${team ? ` by ${team}` : ""}`;
  const role = ledger ? String(r.after?.role ?? "admin") : undefined;
  const reason = ledger ? ((r.after?.reason as string | null | undefined) ?? null) : undefined;
  const why = reason ? `: ${reason}` : "";
  const by = `${/^[aeiou]/.test(role ?? "") ? "an" : "a"} ${role}`;
  const summary = {
    "release.publish": `Release ${version} published (${r.after?.instances ?? "?"} instances${r.after?.hidden ? ", hidden test set" : ""})`,
    "release.archive": `Release ${version} archived`,
    "release.rescore": `Every submission re-scored on release ${version} (${r.after?.submissions ?? 0} submissions)`,
    "submission.public": `New entry: ${who}`,
    "submission.verify": `${who} verified by the maintainers`,
    "submission.unverify": `${who}: verification withdrawn by the maintainers`,
    "submission.hide": `${who} hidden from the boards by ${by}${why}`,
    "submission.unhide": `${who} shown on the boards again by ${by}`,
    "submission.hold": `${who} ${reason ?? "held for review"}; off the ranking until an admin decides`,
    "submission.clear": `${who} cleared by ${role === "admin" ? "the maintainers (an admin)" : `the ${role}`} and ranked${why}`,
    "submission.withdraw": `${who} withdrawn by its ${role === "admin" ? "maintainers (an admin)" : "team"}`,
    "submission.delete": `${who} removed, with its predictions and scores, by ${by}`,
    "snapshot.takedown": `Snapshot ${r.target_id.slice(0, 12)}… of release ${version} taken down by ${by}${why}`,
  }[r.action];
  return {
    id: r.id,
    at: r.at.toISOString(),
    kind: r.action,
    summary,
    ...(ledger ? { decidedBy: role, reason } : {}),
    ...(version && r.target_type !== "submission" ? { release: version } : {}),
    ...(sub ? { submission: sub } : {}),
  };
}

const xml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** The changelog as an Atom 1.0 feed. */
export function changelogAtom(c: Awaited<ReturnType<typeof taskChangelog>>): string {
  const base = publicUrl();
  const page = `${base}/tasks/${c.task}/changelog`;
  const updated = c.events[0]?.at ?? new Date(0).toISOString();
  const entries = c.events.map(
    (e) => `  <entry>
    <id>${xml(`${page}#event-${e.id}`)}</id>
    <title>${xml(e.summary)}</title>
    <updated>${e.at}</updated>
    <link rel="alternate" href="${xml(e.submission?.url ?? `${base}/tasks/${c.task}${e.release ? `?release=${encodeURIComponent(e.release)}` : ""}`)}"/>
    <category term="${xml(e.kind)}"/>
    <content type="text">${xml(e.summary)}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(page)}</id>
  <title>${xml(`${c.benchmark} · ${c.taskName}: changelog`)}</title>
  <updated>${updated}</updated>
  <link rel="self" href="${xml(`${base}/api/v1/tasks/${c.task}/changelog?format=atom`)}"/>
  <link rel="alternate" href="${xml(page)}"/>
  <author><name>Trustworthy SE Agents Leaderboard</name></author>
${entries.join("\n")}
</feed>
`;
}

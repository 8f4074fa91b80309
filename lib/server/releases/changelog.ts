import type { PrismaClient } from "@/lib/generated/prisma/client";
import { publicUrl } from "@/lib/server/http";
import { sqlOf } from "@/lib/server/db";
import { isPublicEvent, publicEvents } from "./changelog.sql";
import { AppError } from "@/lib/errors";
import { getTaskOrThrow } from "@/lib/server/tasks";

// A task's public changelog: releases published and archived, re-scores, verifications and new
// public entries, from the audit trail (events marked public). An entry whose submission is no
// longer public (made private, hidden by admins, deleted) drops out.

export interface ChangelogEvent {
  id: string;
  at: string;
  kind:
    | "release.publish"
    | "release.archive"
    | "release.rescore"
    | "submission.public"
    | "submission.verify"
    | "submission.unverify";
  summary: string;
  release?: string;
  submission?: { id: string; model: string; team: string | null; url: string };
}

/**
 * The newest `limit` events (older than event `before`, if given). `next` is the cursor of the
 * page after this one (null on the last), for `?before=`.
 * @throws AppError not_found (the task; a `before` that is not one of its public events)
 */
export async function taskChangelog(db: PrismaClient, fullSlug: string, limit = 100, before?: string) {
  const task = await getTaskOrThrow(db, fullSlug);
  const rows = await publicEvents(sqlOf(db), task.id, limit * 2, before);
  // nothing older: the end of the changelog, or a cursor that names no event of it
  if (before && !rows.length && !(await isPublicEvent(sqlOf(db), task.id, before)))
    throw new AppError(
      "not_found",
      `no event ${before} on the changelog of ${task.fullSlug}: \`before\` takes the \`next\` of one of its pages`,
    );
  const base = publicUrl();
  const events: ChangelogEvent[] = [];
  for (const r of rows) {
    if (r.target_type === "submission" && !r.visible) continue;
    const version = String(r.after?.version ?? r.before?.version ?? r.after?.release ?? "");
    const sub =
      r.target_type === "submission"
        ? {
            id: r.target_id,
            model: r.model ?? String(r.after?.model ?? ""),
            team: r.team,
            url: `${base}/submissions/${r.target_id}`,
          }
        : undefined;
    const summary = {
      "release.publish": `Release ${version} published (${r.after?.instances ?? "?"} instances${r.after?.hidden ? ", hidden test set" : ""})`,
      "release.archive": `Release ${version} archived`,
      "release.rescore": `Every submission re-scored on release ${version} (${r.after?.submissions ?? 0} submissions)`,
      "submission.public": `New entry: ${sub?.model}${sub?.team ? ` by ${sub.team}` : ""}`,
      "submission.verify": `${sub?.model}${sub?.team ? ` by ${sub.team}` : ""} verified by the maintainers`,
      "submission.unverify": `${sub?.model}: verification withdrawn`,
    }[r.action];
    events.push({
      id: r.id,
      at: r.at.toISOString(),
      kind: r.action,
      summary,
      ...(version && r.target_type === "release" ? { release: version } : {}),
      ...(sub ? { submission: sub } : {}),
    });
    if (events.length >= limit) break;
  }
  // more may follow when this page is full, or when the read window ran out before it filled
  const last =
    events.length >= limit ? events[events.length - 1].id : rows.length === limit * 2 ? rows[rows.length - 1].id : null;
  return { task: task.fullSlug, taskName: task.name, benchmark: task.benchmark.name, events, next: last };
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

// What a submitter downloads of a release: its instance ids, and a blank prediction file in the
// task kind's upload shape (the kind's `template`). Neither is built from the truth: ids and public
// metadata only. A hidden release's instance list stays on the server for everyone but admins, as
// the instance explorer, snapshots and the upload's "did you mean" keep it (docs/security.md).
import crypto from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { ReleaseInstanceIds } from "@/lib/contracts/release-files";
import { AppError } from "@/lib/errors";
import type { Actor } from "@/lib/server/auth";
import { getReleaseInstances } from "@/lib/server/cache";
import { getReleaseOrThrow, type ResolvedTask } from "@/lib/server/tasks";

/** A download: its body, the name it is saved under, and whether any cache may keep it. */
export interface ReleaseDownload<B> {
  body: B;
  /** `<benchmark>-<task>-<version>` */
  fileStem: string;
  /** a published or archived release with public truth: the same bytes for everyone, for good */
  shared: boolean;
}

/**
 * The release a download is made of. A draft is found for admins only (404 to anyone else, like
 * every release route); a hidden release's ids are refused to non-admins (403).
 * @throws AppError not_found, forbidden
 */
async function downloadableRelease(db: PrismaClient, task: ResolvedTask, version: string, actor: Actor | null) {
  const release = await getReleaseOrThrow(db, task.id, version, actor);
  if (release.hidden && !actor?.isAdmin)
    throw new AppError(
      "forbidden",
      "this release keeps its ground truth hidden: its instance list is not published (as in the instance explorer)",
    );
  const instances = await getReleaseInstances(db, release.id, release.status !== "draft");
  return {
    task,
    release,
    // only what is public of each instance goes further: its id and metadata, never its truth
    instances: instances.map((i) => ({ externalId: i.externalId, metadata: i.metadata })),
    fileStem: `${task.fullSlug.replace("/", "-")}-${release.version}`,
    shared: release.status !== "draft" && !release.hidden,
  };
}

/** A release's instance ids in release order (`GET …/releases/{version}/instances`). */
export async function releaseInstanceIds(
  db: PrismaClient,
  task: ResolvedTask,
  version: string,
  actor: Actor | null,
): Promise<ReleaseDownload<ReleaseInstanceIds>> {
  const { release, instances, fileStem, shared } = await downloadableRelease(db, task, version, actor);
  const ids = instances.map((i) => i.externalId);
  const body = {
    task: task.fullSlug,
    release: { version: release.version, status: release.status, synthetic: release.synthetic },
    count: ids.length,
    ids,
  };
  return { body, fileStem, shared };
}

/** One id per line (the `txt` download). */
export const idsText = (ids: string[]): string => (ids.length ? `${ids.join("\n")}\n` : "");

/**
 * A blank prediction file of the release as JSON text: one instance per line, in release order, so
 * it reads (and fills) by hand too (`GET …/releases/{version}/template`).
 * @throws AppError not_found when the task's kind offers no template (a plugin kind may not)
 */
export async function releaseTemplate(
  db: PrismaClient,
  task: ResolvedTask,
  version: string,
  actor: Actor | null,
): Promise<ReleaseDownload<string>> {
  const { instances, fileStem, shared } = await downloadableRelease(db, task, version, actor);
  return { body: templateText(task, instances), fileStem, shared };
}

function templateText(task: ResolvedTask, instances: { externalId: string; metadata: Record<string, unknown> }[]) {
  if (!task.kind.template)
    throw new AppError(
      "not_found",
      `the task kind ${task.kindName} offers no prediction template: see its submit page`,
    );
  const { file } = task.kind.template(instances, task.options);
  // written from the release's order (an object's own order puts index-like keys first)
  const lines = instances
    .filter((i) => Object.hasOwn(file, i.externalId))
    .map((i) => `  ${JSON.stringify(i.externalId)}: ${JSON.stringify(file[i.externalId])}`);
  return lines.length ? `{\n${lines.join(",\n")}\n}\n` : "{}\n";
}

/**
 * Cache headers of a download: a shared one (public release) may be kept by any cache for an hour
 * and revalidated by its ETag (the hour bounds how long a changed template format takes to
 * arrive); an admin's view of a draft or hidden release by none.
 */
export function downloadCacheHeaders(shared: boolean, content: string): Record<string, string> {
  if (!shared) return { "cache-control": "private, no-store" };
  const etag = `W/"${crypto.createHash("sha256").update(content).digest("base64url").slice(0, 27)}"`;
  return { "cache-control": "public, max-age=3600", etag };
}

// The snapshot's page (issue 48, /snapshots/{id}): what it holds, its files to download, how to
// cite and verify it. Read through the read functions beside it; nothing here writes.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { notFound } from "@/lib/errors";
import { bibtex, type CitationInput } from "@/lib/citation";
import { publicUrl } from "@/lib/server/http/public-url";
import { findTaskDef } from "@/lib/tasks/catalog";
import { frozenBoard, readManifest, SNAPSHOT_ID } from "./read";

/** One file of a snapshot, as the page lists it. */
export interface SnapshotPageFile {
  name: string;
  bytes: number;
  /** rows of its table (null: the manifest) */
  rows: number | null;
  sha256: string;
  href: string;
}

/**
 * The view model of a snapshot's page.
 * @throws AppError not_found (a malformed id, an unknown one, or one taken down)
 */
export async function snapshotPageView(db: PrismaClient, id: string) {
  if (!SNAPSHOT_ID.test(id)) throw notFound(`snapshot ${id.slice(0, 80)}`);
  const { bytes, manifest } = await readManifest(db, id);
  const slug = manifest.task.slug;
  const board = await frozenBoard(db, slug, id, "all");
  const def = findTaskDef(slug);
  const base = publicUrl();
  const api = `/api/v1/snapshots/${id}`;
  const files: SnapshotPageFile[] = [
    { name: "manifest.json", bytes: bytes.length, rows: null, sha256: id, href: api },
    ...manifest.files.map((f) => ({ ...f, href: `${api}/files/${f.name}` })),
  ];
  const citation: CitationInput = {
    benchmark: {
      slug: slug.split("/")[0],
      name: def?.benchmark.name ?? slug.split("/")[0],
      paperTitle: def?.benchmark.paperTitle ?? "",
      paperAuthors: def?.benchmark.paperAuthors ?? [],
    },
    task: { slug: slug.split("/")[1] ?? slug, name: def?.task.name ?? slug },
    release: { version: manifest.release.version, publishedAt: null },
    url: `${base}/tasks/${slug}?snapshot=${id}`,
    accessed: manifest.createdAt.slice(0, 10),
    snapshot: { id, createdAt: manifest.createdAt, url: `${base}/snapshots/${id}`, hidden: manifest.release.hidden },
  };
  return {
    id,
    base,
    manifest,
    taskName: `${citation.benchmark.name} · ${citation.task.name}`,
    boardHref: `/tasks/${slug}?snapshot=${id}`,
    /** the board's rows (the "all" view: every submission on it) and its systems (the "best" view) */
    rows: board.rows.length,
    ranked: board.rows.filter((r) => r.rank !== null).length,
    files,
    totalBytes: files.reduce((s, f) => s + f.bytes, 0),
    signatureHref: `${api}/signature`,
    keysHref: "/.well-known/leaderboard-keys.json",
    bibtex: bibtex(citation),
  };
}

export type SnapshotPageView = Awaited<ReturnType<typeof snapshotPageView>>;

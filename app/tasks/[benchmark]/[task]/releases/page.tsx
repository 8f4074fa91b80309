import { taskPageTitle, type TaskParams } from "@/components/task/task-page";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { getDb } from "@/lib/server/db";
import { formatDate } from "@/lib/format";
import { listReleases } from "@/lib/server/releases";
import { findTask } from "@/lib/server/tasks";
import { listSnapshots } from "@/lib/server/snapshots";
import { fullSlugOf } from "@/lib/tasks/catalog";

export const dynamic = "force-dynamic";

export const generateMetadata = taskPageTitle((fullSlug) => `Releases · ${fullSlug}`);

export default async function ReleasesPage({ params }: { params: TaskParams }) {
  const fullSlug = fullSlugOf(await params);
  const db = await getDb();
  const t = await findTask(db, fullSlug);
  if (!t) notFound();
  const releases = await listReleases(db, t.id);
  const snapshots = await listSnapshots(db, t);
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${fullSlug}`}>{fullSlug}</Link> / releases
      </p>
      <h1 className="text-2xl font-bold">Releases of {t.name}</h1>
      <ul className="space-y-2" data-testid="release-list">
        {releases.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-2">
            <Link href={`/tasks/${fullSlug}/releases/${encodeURIComponent(r.version)}`} className="font-mono">
              {r.version}
            </Link>
            <Badge tone={r.status === "published" ? "green" : "gray"}>
              {r.status === "published" ? "current" : r.status}
            </Badge>
            {r.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
            {r.hidden ? <Badge tone="red">hidden truth</Badge> : null}
            <span className="text-sm text-muted">
              {r.instanceCount} instances · {formatDate(r.publishedAt ?? r.createdAt)}
            </span>
          </li>
        ))}
      </ul>
      <h2 className="pt-4 text-lg font-semibold">Snapshots</h2>
      <p className="text-sm text-muted">
        A snapshot freezes a published release&apos;s board — every row with its metrics, intervals and ranks, and on a
        public release every prediction and the truth it was scored against — as Parquet and gzipped CSV. Its id is the
        SHA-256 of its manifest, which lists each file&apos;s SHA-256: cite it, download it, and check it with{" "}
        <code>npm run cli -- verify ID</code>, which recomputes every row. Made when a release is published, daily when
        its board has moved, and by admins.
      </p>
      {snapshots.length ? (
        <ul className="space-y-1 text-sm" data-testid="snapshot-list">
          {snapshots.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2">
              <span className="font-mono">{s.id.slice(0, 16)}…</span>
              <span className="text-muted">
                release {s.release} · {formatDate(s.createdAt)} · {s.reason}
              </span>
              {s.hidden ? <Badge tone="red">board only</Badge> : null}
              {s.takenDown ? (
                <span>
                  taken down {formatDate(s.takenDown.at)}: {s.takenDown.reason}
                </span>
              ) : (
                <a href={s.url}>manifest.json</a>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">None yet.</p>
      )}
    </div>
  );
}

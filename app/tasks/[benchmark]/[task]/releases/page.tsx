import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Badge } from "@/components/ui/badge";
import { getDb } from "@/lib/server/db";
import { formatDate } from "@/lib/format";
import { listReleases } from "@/lib/server/releases";
import { findTask } from "@/lib/server/tasks";

export const dynamic = "force-dynamic";

export async function generateMetadata({
  params,
}: {
  params: Promise<{ benchmark: string; task: string }>;
}): Promise<Metadata> {
  const { benchmark, task } = await params;
  return { title: `Releases · ${benchmark}/${task}` };
}

export default async function ReleasesPage({ params }: { params: Promise<{ benchmark: string; task: string }> }) {
  const { benchmark, task } = await params;
  const fullSlug = `${benchmark}/${task}`;
  const db = await getDb();
  const t = await findTask(db, fullSlug);
  if (!t) notFound();
  const releases = await listReleases(db, t.id);
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
    </div>
  );
}

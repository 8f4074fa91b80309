import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { BoardView } from "@/lib/server/leaderboard";

/** The board's release (a badge), the other releases to switch to, and the way to submit. */
export function ReleaseBar({ board, base }: { board: BoardView; base: string }) {
  const { release, releases } = board.lb;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3 text-sm print:hidden">
      <Badge tone={release.synthetic ? "amber" : "green"}>
        release {release.version} · {release.instanceCount} instances
        {release.synthetic ? " · synthetic" : ""}
        {release.hidden ? " · hidden truth" : ""}
      </Badge>
      {releases.length > 1 ? (
        <nav className="flex items-center gap-2" aria-label="Releases" data-testid="release-switcher">
          Release:
          {releases.map((r) => (
            <Link
              key={r.version}
              href={board.links.release(r.status === "published" ? undefined : r.version)}
              aria-current={r.version === release.version ? "page" : undefined}
              className={r.version === release.version ? "font-semibold underline" : ""}
            >
              {r.version}
              {r.status === "published" ? " (current)" : ""}
            </Link>
          ))}
        </nav>
      ) : null}
      <Link
        href={`${base}/submit`}
        className="ml-auto rounded-md bg-sky-700 px-3 py-1.5 font-medium text-white no-underline hover:bg-sky-800"
      >
        Submit predictions
      </Link>
    </div>
  );
}

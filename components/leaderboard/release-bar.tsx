import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import type { BoardView } from "@/lib/server/leaderboard";

/** Releases the switcher lists as links before "N more". */
const INLINE_RELEASES = 4;

/** The board's release (a badge), the other releases to switch to, and the way to submit. */
export function ReleaseBar({ board, base }: { board: BoardView; base: string }) {
  const { release, releases } = board.lb;
  // the published release, the one shown and the newest others inline; the rest behind "N more"
  const inline = releases.filter(
    (r, i) => r.status === "published" || r.version === release.version || i < INLINE_RELEASES,
  );
  const rest = releases.filter((r) => !inline.includes(r));
  const link = (r: (typeof releases)[number]) => (
    <Link
      key={r.version}
      href={board.links.release(r.status === "published" ? undefined : r.version)}
      prefetch={false}
      aria-current={r.version === release.version ? "page" : undefined}
      className={r.version === release.version ? "font-semibold underline" : ""}
    >
      {r.version}
      {r.status === "published" ? " (current)" : ""}
    </Link>
  );
  return (
    <div className="flex flex-1 flex-wrap items-center gap-3 text-sm print:hidden">
      <span className="text-muted" data-testid="release-facts">
        {releases.length > 1 ? "" : `Release ${release.version} · `}
        {release.instanceCount.toLocaleString("en-US")} instances
      </span>
      {release.synthetic ? <Badge tone="amber">synthetic</Badge> : null}
      {release.hidden ? <Badge tone="amber">hidden truth</Badge> : null}
      {releases.length > 1 ? (
        <nav
          className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1"
          aria-label="Releases"
          data-testid="release-switcher"
        >
          Release:
          {inline.map(link)}
          {rest.length > 0 ? (
            // a task re-released many times would push a phone's page sideways (and zoom it out)
            // keyed by the release shown: a pick from the list closes it
            <details key={release.version} className="relative" data-testid="release-more">
              <summary className="cursor-pointer text-muted">{rest.length} more</summary>
              <div className="absolute right-0 z-10 mt-1 flex max-h-64 w-max max-w-[80vw] flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow dark:border-slate-700 dark:bg-slate-900">
                {rest.map(link)}
              </div>
            </details>
          ) : null}
        </nav>
      ) : null}
      <Link
        href={`${base}/submit`}
        // on a phone the Submit tab above does it: the first screen keeps its room for the ranking
        className="ml-auto rounded-md bg-sky-700 px-3 py-1.5 font-medium text-white no-underline hover:bg-sky-800 max-sm:hidden"
      >
        Submit predictions
      </Link>
    </div>
  );
}

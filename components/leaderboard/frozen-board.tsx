import { metricLabel } from "@/lib/tasks/metric-label";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { fixed, formatDate } from "@/lib/format";
import type { FrozenRow } from "@/lib/server/snapshots";
import type { Manifest } from "@/lib/snapshots/format";
import { rankBracket } from "@/lib/rank-bracket";

/**
 * A board as a snapshot froze it (`?snapshot=ID`): a banner that says so, with the live board a
 * link away, and the rows as they were — plain server HTML, the same with or without scripts.
 */
export function FrozenBoard({
  fullSlug,
  snapshot,
}: {
  fullSlug: string;
  snapshot: { id: string; manifest: Manifest; view: "best" | "all"; rows: FrozenRow[] };
}) {
  const { id, manifest, view, rows } = snapshot;
  const base = `/tasks/${fullSlug}?snapshot=${id}`;
  return (
    <>
      <SnapshotBanner fullSlug={fullSlug} id={id} manifest={manifest} />
      <p className="mb-2 text-sm">
        {view === "best" ? (
          <>
            One row per system · <Link href={`${base}&view=all`}>every submission</Link>
          </>
        ) : (
          <>
            <Link href={base}>One row per system</Link> · every submission
          </>
        )}
      </p>
      <div className="overflow-x-auto">
        <FrozenTable fullSlug={fullSlug} manifest={manifest} rows={rows} />
      </div>
    </>
  );
}

/** Says the board is frozen: when, by which metrics, its files, and how to check its numbers. */
function SnapshotBanner({ fullSlug, id, manifest }: { fullSlug: string; id: string; manifest: Manifest }) {
  const files = `/api/v1/snapshots/${id}/files`;
  return (
    <section
      role="status"
      className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40"
      data-testid="snapshot-banner"
    >
      <p>
        <strong>A frozen snapshot</strong>, not the live board: release {manifest.release.version} as it stood on{" "}
        {formatDate(manifest.createdAt)} (snapshot <span className="font-mono">{id.slice(0, 16)}…</span>, metrics{" "}
        {manifest.metricsVersion}). <Link href={`/tasks/${fullSlug}`}>See the live board</Link>.
      </p>
      <p className="mt-1 text-muted">
        Its id is the SHA-256 of its <a href={`/api/v1/snapshots/${id}`}>manifest</a>; download{" "}
        <a href={`${files}/board.parquet`}>board.parquet</a>
        {manifest.release.hidden ? null : (
          <>
            , <a href={`${files}/predictions.parquet`}>predictions.parquet</a> and{" "}
            <a href={`${files}/instances.parquet`}>instances.parquet</a>
          </>
        )}{" "}
        (or .csv.gz), and check every number with <code>npm run cli -- verify {id.slice(0, 12)}…</code>.
      </p>
    </section>
  );
}

/** The rows as the snapshot froze them. */
function FrozenTable({ fullSlug, manifest, rows }: { fullSlug: string; manifest: Manifest; rows: FrozenRow[] }) {
  return (
    <table className="w-full text-sm" data-testid="frozen-board">
      <caption className="sr-only">
        {fullSlug}, release {manifest.release.version}, as frozen on {formatDate(manifest.createdAt)}
      </caption>
      <thead>
        <tr className="border-b border-slate-200 text-left dark:border-slate-800">
          <th scope="col">#</th>
          <th scope="col">Rank interval (95%, simultaneous)</th>
          <th scope="col">Model</th>
          <th scope="col">Team</th>
          <th scope="col" className="text-right">
            {metricLabel(fullSlug, manifest.task.primaryMetric)} (95% CI)
          </th>
          <th scope="col" className="text-right">
            Coverage
          </th>
          <th scope="col">Date</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.submissionId} className="border-b border-slate-100 dark:border-slate-900" data-model={r.model}>
            <td>{r.rank ?? "—"}</td>
            <td>
              {rankBracket(r) ?? "—"}
              {r.topGroup ? (
                <>
                  {" "}
                  <Badge tone="green" title="cannot be told apart from #1 (simultaneous 95%)">
                    top group
                  </Badge>
                </>
              ) : null}
            </td>
            <td>
              <Link href={`/submissions/${r.submissionId}`}>{r.model}</Link>
              {r.partial ? <span className="text-muted"> (partial)</span> : null}
            </td>
            <td>{r.team ?? (r.baseline ? "baseline" : "—")}</td>
            <td className="text-right tabular-nums">
              {fixed(r.primary, 3)}
              {r.ci ? (
                <span className="text-muted">
                  {" "}
                  [{fixed(r.ci.low, 3)}, {fixed(r.ci.high, 3)}]
                </span>
              ) : null}
            </td>
            <td className="text-right tabular-nums">
              {r.coverage.covered}/{r.coverage.total}
            </td>
            <td>{formatDate(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

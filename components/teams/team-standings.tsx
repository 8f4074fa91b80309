import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { formatInt, formatMetric } from "@/lib/format";
import type { SubmissionStanding, TeamPageView } from "@/lib/server/teams";

/** A rank on a board: "#12 of 1,013". */
const rankText = (rank: number, of: number) => `#${formatInt(rank)} of ${formatInt(of)}`;

/** A submission's primary metric, named and formatted as its task's board column. */
export function StandingScore({ standing }: { standing: SubmissionStanding | null }) {
  if (!standing) return <span className="text-muted">not scored</span>;
  return (
    <span className="whitespace-nowrap" data-testid="submission-score">
      <span className="text-xs text-muted">{standing.metric.label}</span>{" "}
      {standing.value === null && standing.release.hidden ? (
        <span className="text-muted" title="hidden test set: the exact score is on the submission's page">
          hidden
        </span>
      ) : (
        <span className="tabular-nums">{formatMetric(standing.value, standing.metric.format)}</span>
      )}
    </span>
  );
}

/** A submission's rank on its release's board (one row per system), or why it has none. */
export function StandingRank({ standing }: { standing: SubmissionStanding | null }) {
  if (!standing) return <span className="text-muted">not ranked</span>;
  const where = standing.release.current ? null : (
    <span className="text-xs text-muted"> on {standing.release.version} (archived)</span>
  );
  return (
    <span className="whitespace-nowrap" data-testid="submission-rank">
      {standing.rank ? (
        <span className="tabular-nums">{rankText(standing.rank.rank, standing.rank.of)}</span>
      ) : (
        <span className="text-muted">not ranked{standing.unranked ? `: ${standing.unranked}` : ""}</span>
      )}
      {where}
    </span>
  );
}

/**
 * Where the team stands: per task it is on, its best system's rank and score on the task's
 * current board (one row per system), linking to the board filtered to the team.
 */
export function TeamStandings({ t }: { t: TeamPageView }) {
  if (!t.standings.length) return null;
  return (
    <Card title="Standings">
      <DataTable
        rows={t.standings}
        rowKey={(x) => x.task}
        caption={`Best ranked system of ${t.name} on each task's current board`}
        testId="team-standings"
        columns={[
          {
            key: "task",
            header: "task",
            rowHeader: true,
            cell: (x) => (
              <Link href={x.href}>
                {x.benchmarkName} · {x.taskName}
              </Link>
            ),
          },
          {
            key: "release",
            header: "release",
            cell: (x) => (
              <>
                {x.release.version}
                {x.release.hidden ? (
                  <>
                    {" "}
                    <Badge tone="amber">hidden test set</Badge>
                  </>
                ) : null}
              </>
            ),
          },
          {
            key: "best",
            header: "best system",
            cell: (x) =>
              x.best ? (
                <Link href={`/submissions/${x.best.submissionId}`}>{x.best.model}</Link>
              ) : (
                <span className="text-muted">none ranked</span>
              ),
          },
          {
            key: "rank",
            header: "rank",
            align: "right",
            cell: (x) => (x.best ? <span className="tabular-nums">{rankText(x.best.rank, x.of)}</span> : "—"),
          },
          {
            key: "score",
            header: "score",
            align: "right",
            cell: (x) => (
              <span className="whitespace-nowrap">
                <span className="text-xs text-muted">{x.metric.label}</span>{" "}
                <span className="tabular-nums">{x.best ? formatMetric(x.best.value, x.metric.format) : "—"}</span>
              </span>
            ),
          },
          {
            key: "systems",
            header: "systems on the board",
            align: "right",
            cell: (x) => (
              <Link href={x.href} aria-label={`${x.systems} systems of ${t.name} on the ${x.taskName} board`}>
                {formatInt(x.systems)}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}

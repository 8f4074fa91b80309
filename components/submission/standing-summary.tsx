import { formatMetric, signedDiff } from "@/lib/format";
import type { Standing } from "@/lib/contracts/submissions";
import type { MetricColumn } from "@/lib/tasks/types";

const ordinal = (n: number) => {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
};
const named = (r: { model: string; team: string | null }) => (r.team ? `${r.model} by ${r.team}` : r.model);
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * Where a submission stands, in three lines a submitter reads at once: its rank (and interval)
 * on the board, how it does against each baseline, and its place among its system's own
 * submissions. Shared by the upload result (client) and the submission page (server).
 */
export function StandingSummary({
  standing: s,
  column,
  boardHref,
}: {
  standing: Standing;
  column: Pick<MetricColumn, "label" | "format">;
  boardHref: string;
}) {
  const fmt = (v: number) => formatMetric(v, column.format);
  // a gap (≥ 0) in the metric's unit: points for a percent
  const fmtGap = (d: number) => signedDiff(d, column.format).replace(/^\+/, "");
  const below = s.baselines.filter((b) => !b.beats);
  return (
    <ul className="space-y-0.5" data-testid="standing">
      <li data-testid="standing-rank">
        {s.rank === null ? (
          "Not ranked: partial submissions (not every instance predicted) are scored but not ranked."
        ) : (
          <>
            <strong>
              {s.shown ? "Rank" : "Would rank"} #{s.rank.toLocaleString("en-US")} of {count(s.of, "system")}
            </strong>{" "}
            on <a href={boardHref}>the board</a> by {column.label} ({fmt(s.value)})
            {s.interval ? (
              <>
                {" "}
                · rank interval ({s.interval.lo}–{s.interval.hi}) with every system compared at once
                {s.interval.lo === 1 ? ": it could be #1" : ""}
                {s.ownInterval ? `; on its own (${s.ownInterval.lo}–${s.ownInterval.hi})` : ""}
              </>
            ) : s.intervalPending ? (
              " · its rank interval is being computed"
            ) : null}
            {s.shown ? "" : " — it is not the row the board shows (private, or not its system's best)"}.
          </>
        )}
      </li>
      {s.leader && s.rank !== null ? (
        <li data-testid="standing-leader">
          {s.leader.gap >= 0 ? (
            <>
              The best score on the board{s.leader.gap > 0 ? `, ${fmtGap(s.leader.gap)} ahead of` : ", level with"}{" "}
              <a href={`/submissions/${s.leader.submissionId}`}>{named(s.leader)}</a> ({fmt(s.leader.value)}).
            </>
          ) : (
            <>
              {fmtGap(-s.leader.gap)} behind the best,{" "}
              <a href={`/submissions/${s.leader.submissionId}`}>{named(s.leader)}</a> ({fmt(s.leader.value)}).
            </>
          )}
        </li>
      ) : null}
      {s.baselines.length ? (
        <li data-testid="standing-baselines">
          {below.length === 0
            ? `Beats every baseline: ${s.baselines.map((b) => `${b.model} ${fmt(b.value)}`).join(", ")}.`
            : below.length === s.baselines.length
              ? `Below every baseline: ${s.baselines.map((b) => `${b.model} ${fmt(b.value)}`).join(", ")} — a rule that does not read the instances does better.`
              : `Below the ${below.map((b) => `${b.model} baseline (${fmt(b.value)})`).join(" and the ")}; beats ${s.baselines
                  .filter((b) => b.beats)
                  .map((b) => `${b.model} (${fmt(b.value)})`)
                  .join(", ")}.`}
        </li>
      ) : null}
      {s.system.of > 1 ? (
        <li data-testid="standing-system">
          {s.system.position === 1 ? "Its system's best" : `Its system's ${ordinal(s.system.position)} best`} of{" "}
          {count(s.system.of, "complete submission")} on this release (any visibility; the board shows the best).
        </li>
      ) : null}
    </ul>
  );
}

import type { ReleaseDiff } from "@/lib/contracts/releases";

/**
 * What an import changes, field by field: nothing changes silently. Fields changed (on how many
 * instances), fields carried over from the current release, and fields fewer instances carry —
 * with a warning when publishing would leave a chart without its data.
 */
export function ReleaseDiffView({ diff }: { diff: ReleaseDiff }) {
  const fields = Object.entries(diff.fields).sort((a, b) => b[1] - a[1]);
  const carried = Object.entries(diff.carried).sort((a, b) => b[1] - a[1]);
  return (
    <div className="space-y-1" data-testid="release-diff">
      <p>
        Against {diff.against ? `release ${diff.against}` : "no current release"}: +{diff.added} added, −{diff.removed}{" "}
        removed, {diff.changed} changed.
      </p>
      {fields.length ? (
        <p data-testid="diff-fields">
          Changed fields: {fields.map(([f, n]) => `${f} on ${n.toLocaleString("en")}`).join(", ")}.
        </p>
      ) : null}
      {carried.length ? (
        <p data-testid="diff-carried">
          Carried over from {diff.against ?? "the current release"} (the file lacks them):{" "}
          {carried.map(([f, n]) => `${f} on ${n.toLocaleString("en")}`).join(", ")}.
        </p>
      ) : null}
      {diff.lost.length ? (
        <p
          role="alert"
          data-testid="diff-lost"
          className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          Publishing this release loses data:{" "}
          {diff.lost
            .map(
              (l) =>
                `${l.field} is on ${l.after.toLocaleString("en")} instances (${l.before.toLocaleString("en")} now)`,
            )
            .join("; ")}
          . Charts built on them (e.g. the length buckets on issue texts or patches) will show less or nothing. Import
          again with “carry over” on, or from a file that has them.
        </p>
      ) : null}
    </div>
  );
}

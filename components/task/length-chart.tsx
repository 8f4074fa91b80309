import { GroupedBars } from "@/components/charts/grouped-bars";
import { colorAt } from "@/components/charts/palette";
import type { LengthBucket } from "@/lib/tasks/shared/length-bucket";
import { percent } from "@/lib/format";

/** TPR drawn up and FPR drawn down per length bucket (BouncerBench Figs. 2–3), N per bucket in the label. */
export function LengthChart({
  data,
  testId,
  total,
}: {
  data: { id: string; name: string; buckets: LengthBucket[]; covered?: number }[];
  testId: string;
  total?: number;
}) {
  const shown = data.slice(0, 4);
  const buckets = shown[0]?.buckets ?? [];
  const rows = buckets.map((b, i) => ({
    bucket: `${b.bucket} (N=${b.n}, ${percent(b.shouldBounce, 0)} to bounce)`,
    ...Object.fromEntries(
      shown.flatMap((s) => [
        [`${s.name} TPR`, s.buckets[i].tpr],
        [`${s.name} FPR`, -s.buckets[i].fpr],
      ]),
    ),
  }));
  const series = shown.flatMap((s, i) => [
    { key: `${s.name} TPR`, label: `${s.name} TPR ↑`, color: colorAt(i) },
    // FPR: the same colour, paler, outlined in full (a pale bar alone vanished on the dark background)
    { key: `${s.name} FPR`, label: `${s.name} FPR ↓`, color: colorAt(i) + "80", outline: colorAt(i) },
  ]);
  // the instances with a length may be a subset of the release: say which (METRICS.md §3)
  const covered = Math.max(0, ...shown.map((s) => s.covered ?? 0));
  return (
    <div>
      {total && covered ? (
        <p className="mb-1 text-xs text-muted" data-testid="length-coverage">
          On the {covered.toLocaleString("en")} of {total.toLocaleString("en")} instances that have{" "}
          {data.length && shown[0].buckets[0]?.bucket.includes("chars") ? "a patch" : "an issue text"}.
        </p>
      ) : null}
      <GroupedBars
        data={rows}
        xKey="bucket"
        series={series}
        percent
        absTicks
        yDomain={[-1, 1]}
        testId={testId}
        height={340}
      />
    </div>
  );
}

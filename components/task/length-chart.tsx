import { GroupedBars } from "@/components/charts/grouped-bars";
import { colorAt } from "@/components/charts/palette";
import type { LengthBucket } from "@/lib/tasks/binary-abstention/chart-data";

/** TPR drawn up and FPR drawn down per length bucket (BouncerBench Figs. 2–3), N per bucket in the label. */
export function LengthChart({ data, testId }: { data: { id: string; name: string; buckets: LengthBucket[] }[]; testId: string }) {
  const shown = data.slice(0, 4);
  const buckets = shown[0]?.buckets ?? [];
  const rows = buckets.map((b, i) => ({
    bucket: `${b.bucket} (N=${b.n}, ${(b.shouldBounce * 100).toFixed(0)}% to bounce)`,
    ...Object.fromEntries(shown.flatMap((s) => [[`${s.name} TPR`, s.buckets[i].tpr], [`${s.name} FPR`, -s.buckets[i].fpr]])),
  }));
  const series = shown.flatMap((s, i) => [
    { key: `${s.name} TPR`, label: `${s.name} TPR ↑`, color: colorAt(i) },
    { key: `${s.name} FPR`, label: `${s.name} FPR ↓`, color: colorAt(i) + "99" },
  ]);
  return <GroupedBars data={rows} xKey="bucket" series={series} percent absTicks yDomain={[-1, 1]} testId={testId} height={340} />;
}

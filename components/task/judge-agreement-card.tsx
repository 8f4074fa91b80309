import { Card } from "@/components/ui/card";
import { fixed, formatInt } from "@/lib/format";
import type { AgreementView } from "@/lib/server/judging";

/**
 * CR-Bench: how the server's judge agrees with the release's human labels (issue 34) — Cohen's κ
 * over the three classes, sensitivity and specificity of bug_hit — once the judge-labels job has
 * measured it. Nothing when the release ships no labels or no judge was measured. The page reads
 * it, only for a kind with a server judge: a component never opens the database.
 */
export function JudgeAgreementCard({ agreement: a }: { agreement: AgreementView | null }) {
  if (!a) return null;
  const g = a.agreement;
  const f = (x: number | null) => (x === null ? "—" : fixed(x, 3));
  return (
    <Card title="The judge against human labels" className="mt-6">
      <p className="text-sm" data-testid="judge-agreement">
        On {formatInt(g.n)} review comments a human classified ({formatInt(g.positives)} bug hits), the server&apos;s
        judge ({a.model}) gives: Cohen&apos;s κ <strong>{f(g.kappa)}</strong>, sensitivity to bug hits{" "}
        <strong>{f(g.sensitivity)}</strong>, specificity <strong>{f(g.specificity)}</strong>, the same class on{" "}
        {g.agreement === null ? "—" : `${fixed(100 * g.agreement, 1)}%`}
        {g.malformed ? ` (${formatInt(g.malformed)} answers without a class, counted as noise)` : ""}.
      </p>
      <p className="mt-2 text-xs text-muted">
        Server-judged submissions also report their bug-hit rates corrected for these errors, with intervals that count
        the labels&apos; uncertainty (Lee et al. 2025, arXiv:2511.21140). Template SHA-256{" "}
        <code>{a.promptSha256.slice(0, 12)}…</code>, measured {a.computedAt.slice(0, 10)}.
      </p>
    </Card>
  );
}

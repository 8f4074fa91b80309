import { Card } from "@/components/ui/card";
import { INPUT_LABELS } from "@/lib/tasks/binary-abstention/labels";
import type { TaskKindName } from "@/lib/tasks/types";
import { ConfusionMatrix, LabelTable } from "./confusion-matrix";

type Counts = { tp: number; fp: number; fn: number; tn: number };
type PerClass = { cls: string; precision: number; recall: number; f1: number; support: number }[];
type BinaryDetails = { counts?: Counts; perClass?: PerClass; labelTable?: number[][] };

const pct = (x: number | null | undefined) => (x === null || x === undefined ? "—" : `${(x * 100).toFixed(1)}%`);
const f3 = (x: number | null | undefined) => (x === null || x === undefined ? "—" : x.toFixed(3));

function PerClassTable({ rows }: { rows: PerClass }) {
  return (
    <table className="w-full text-sm" data-testid="per-class">
      <thead>
        <tr className="text-left text-muted">
          <th className="py-1">class</th>
          <th className="py-1 text-right">precision</th>
          <th className="py-1 text-right">recall</th>
          <th className="py-1 text-right">F1</th>
          <th className="py-1 text-right">support</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.cls} className="border-t border-slate-100 dark:border-slate-800">
            <td className="py-1">{c.cls}</td>
            <td className="py-1 text-right tabular-nums">{c.precision.toFixed(3)}</td>
            <td className="py-1 text-right tabular-nums">{c.recall.toFixed(3)}</td>
            <td className="py-1 text-right tabular-nums">{c.f1.toFixed(3)}</td>
            <td className="py-1 text-right tabular-nums">{c.support}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Binary({ d, title = "" }: { d: BinaryDetails; title?: string }) {
  return (
    <>
      {d.counts ? (
        <Card title={`${title}Confusion matrix`}>
          <ConfusionMatrix counts={d.counts} />
        </Card>
      ) : null}
      {d.perClass ? (
        <Card title={`${title}Per class`}>
          <PerClassTable rows={d.perClass} />
          <p className="mt-2 text-xs text-muted">F_m is the mean of the two F1 values.</p>
        </Card>
      ) : null}
      {d.labelTable ? (
        <Card title={`${title}Label agreement (human vs bouncer)`} className="lg:col-span-2">
          <LabelTable table={d.labelTable} labels={INPUT_LABELS} />
        </Card>
      ) : null}
    </>
  );
}

function KeyValues({ rows, testId }: { rows: [string, React.ReactNode][]; testId?: string }) {
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k} className="border-t border-slate-100 dark:border-slate-800">
            <th scope="row" className="py-1 text-left font-normal text-slate-600 dark:text-slate-400">
              {k}
            </th>
            <td className="py-1 text-right tabular-nums">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Per-kind score details of a submission (aggregates only: safe for hidden-truth releases). */
export function ScoreDetails({ kind, details, metrics }: { kind: TaskKindName; details: Record<string, unknown>; metrics: Record<string, unknown> }) {
  if (kind === "binary_abstention") return <Binary d={details as BinaryDetails} />;
  if (kind === "bouncer_pipeline") {
    const f = details.funnel as Record<string, number>;
    return (
      <>
        <Card title="Pipeline funnel" className="lg:col-span-2">
          <KeyValues
            testId="pipeline-funnel"
            rows={[
              ["All instances", f.all],
              ["Input bounced (vague / clear)", `${f.input_bounced_vague} / ${f.input_bounced_clear}`],
              ["Input passed (vague / clear)", `${f.input_passed_vague} / ${f.input_passed_clear}`],
              ["Agent patches (correct / incorrect)", `${f.agent_correct} / ${f.agent_incorrect}`],
              ["Output bounced (correct / incorrect)", `${f.output_bounced_correct} / ${f.output_bounced_incorrect}`],
              ["Shown to the user (correct / incorrect)", `${f.shown_correct} / ${f.shown_incorrect}`],
              ["Before: correct / all patches", pct(details.before as number)],
              ["After: correct / shown", pct(details.after as number)],
              ["Lost: correct patches bounced", pct(details.lost as number)],
            ]}
          />
        </Card>
        <Binary d={details.input as BinaryDetails} title="Input · " />
        <Binary d={details.output as BinaryDetails} title="Output · " />
      </>
    );
  }
  if (kind === "scored_abstention") {
    const funnel = details.funnel as { stage: string; bugs: number; success_at_1: number }[];
    const sak = details.successAtK as Record<string, { value: number; bugs: number }[]>;
    const lift = details.lift as { category: string; bugs: number; pass_at_1: number; abstention: number | null; validation_binary: number | null; combined_binary: number | null }[];
    const cut = details.cutoffs as { p75: number; p90: number };
    return (
      <>
        <Card title="Funnel (filtered success@1)">
          <KeyValues testId="av-funnel" rows={funnel.map((s) => [s.stage, `${s.bugs} bugs · ${pct(s.success_at_1)}`])} />
          <p className="mt-2 text-xs text-muted">
            τ = {String(details.tau)}; percentile cutoffs p75 = {f3(cut.p75)}, p90 = {f3(cut.p90)} over patch scores that pass the regression filter.
          </p>
        </Card>
        <Card title="Decisions">
          <KeyValues
            rows={[
              ["Abstention precision / recall / FPR at τ", `${pct(metrics.abstention_precision as number)} / ${pct(metrics.abstention_recall as number)} / ${pct(metrics.abstention_fpr as number)}`],
              ["Validation (binary) precision / recall / FPR", `${pct(metrics.validation_precision as number)} / ${pct(metrics.validation_recall as number)} / ${pct(metrics.validation_fpr as number)}`],
              ["Abstention AP / validation AP", `${f3(metrics.abstention_ap as number)} / ${f3(metrics.validation_ap as number)}`],
              ["Wasserstein (scores vs empirical success)", f3(metrics.wasserstein as number)],
            ]}
          />
        </Card>
        <Card title="Filtered success@k by policy" className="lg:col-span-2">
          <table className="w-full text-sm" data-testid="success-at-k">
            <thead>
              <tr className="text-left text-muted">
                <th className="py-1">policy</th>
                {[1, 2, 3, 4, 5].map((k) => (
                  <th key={k} className="py-1 text-right">
                    k = {k}
                  </th>
                ))}
                <th className="py-1 text-right">bugs</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(sak).map(([policy, vals]) => (
                <tr key={policy} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">{policy.replace(/_/g, "-")}</td>
                  {vals.map((v, i) => (
                    <td key={i} className="py-1 text-right tabular-nums">
                      {pct(v.value)}
                    </td>
                  ))}
                  <td className="py-1 text-right tabular-nums">{vals[0]?.bugs}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card title="Lift per bug category" className="lg:col-span-2">
          <table className="w-full text-sm" data-testid="lift">
            <thead>
              <tr className="text-left text-muted">
                <th className="py-1">category</th>
                <th className="py-1 text-right">bugs</th>
                <th className="py-1 text-right">pass@1</th>
                <th className="py-1 text-right">abstention</th>
                <th className="py-1 text-right">validation</th>
                <th className="py-1 text-right">combined</th>
              </tr>
            </thead>
            <tbody>
              {lift.map((l) => (
                <tr key={l.category} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="py-1">{l.category}</td>
                  <td className="py-1 text-right tabular-nums">{l.bugs}</td>
                  <td className="py-1 text-right tabular-nums">{pct(l.pass_at_1)}</td>
                  {[l.abstention, l.validation_binary, l.combined_binary].map((x, i) => (
                    <td key={i} className="py-1 text-right tabular-nums">
                      {x === null ? "NA" : `${x.toFixed(2)}×`}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </>
    );
  }
  if (kind === "ci_repair") {
    const lexers = (details.lexers ?? {}) as Record<string, number>;
    const n = metrics.artifacts as number;
    return (
      <Card title="Patches" className="lg:col-span-2">
        <KeyValues
          testId="ci-counts"
          rows={[
            ["Artifacts", n],
            ["Patches generated (PG, server)", `${metrics.PG} (${pct(metrics.PG_rate as number)})`],
            ["Plausible (PL, reported)", `${metrics.PL} (${pct(metrics.PL_rate as number)})`],
            ["Syntactically equivalent (SYE, server)", `${metrics.SYE} (${pct(metrics.SYE_rate as number)})`],
            ["Correct (CO, reported)", `${metrics.CO} (${pct(metrics.CO_rate as number)})`],
            ["Lexers used", Object.entries(lexers).map(([k, v]) => `${k}: ${v}`).join(", ") || "—"],
          ]}
        />
      </Card>
    );
  }
  const recallBy = details.recallBy as Record<string, { value: string; prs: number; hits: number; recall: number | null }[]>;
  const c = details.counts as { prs: number; hit: number; bugHit: number; validSuggestion: number; noise: number };
  return (
    <>
      <Card title="Comments">
        <KeyValues
          testId="cr-counts"
          rows={[
            ["PRs reviewed / with a bug hit", `${c.prs} / ${c.hit}`],
            ["Bug-hit comments", c.bugHit],
            ["Valid suggestions", c.validSuggestion],
            ["Noise", c.noise],
          ]}
        />
      </Card>
      {Object.entries(recallBy).map(([dim, rows]) => (
        <Card key={dim} title={`Recall by ${dim}`}>
          <KeyValues rows={rows.map((r) => [r.value, `${r.hits}/${r.prs} · ${pct(r.recall)}`])} />
        </Card>
      ))}
    </>
  );
}

"use client";

import { useEffect, useMemo, useState } from "react";
import { KeyValues } from "@/components/ui/key-values";
import { fixed, pct } from "@/lib/format";
import { evaluatePolicyAt, type AvBug, type PolicyPoint } from "@/lib/metrics";
import { Curves } from "./curves";
import { GroupedBars } from "./grouped-bars";

/**
 * Sliders for the abstention threshold τ and the validation percentile; the funnel,
 * precision/recall and filtered success@k update live with the same lib/metrics code as the
 * server. For a hidden-truth release no per-bug data reaches the browser: the server computes
 * the aggregates (`endpoint`).
 */
export function ThresholdExplorer({ bugs, endpoint }: { bugs?: AvBug[]; endpoint?: string }) {
  const [tau, setTau] = useState(0.5);
  const [pctile, setPctile] = useState(75);
  const p = usePolicyPoint(bugs, endpoint, tau, pctile);
  return (
    <div className="space-y-4" data-testid="threshold-explorer">
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm">
          Abstention threshold τ = <strong data-testid="tau-value">{fixed(tau, 2)}</strong>
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={tau}
            onChange={(e) => setTau(Number(e.target.value))}
            className="w-full"
            aria-label="Abstention threshold"
            data-testid="tau-slider"
          />
        </label>
        <label className="block text-sm">
          Validation percentile = <strong data-testid="pct-value">p{pctile}</strong>
          <input
            type="range"
            min={0}
            max={99}
            step={1}
            value={pctile}
            onChange={(e) => setPctile(Number(e.target.value))}
            className="w-full"
            aria-label="Validation percentile"
            data-testid="pct-slider"
          />
        </label>
      </div>
      {p ? <PolicyView p={p} /> : <p className="text-sm text-muted">Computing…</p>}
    </div>
  );
}

/** The policy at τ and the percentile: computed here from the bugs, else asked of the server (debounced). */
function usePolicyPoint(bugs: AvBug[] | undefined, endpoint: string | undefined, tau: number, pctile: number) {
  const local = useMemo(() => (bugs?.length ? evaluatePolicyAt(bugs, tau, pctile) : null), [bugs, tau, pctile]);
  const [remote, setRemote] = useState<PolicyPoint | null>(null);
  useEffect(() => {
    if (!endpoint) return;
    const ctl = new AbortController();
    const t = setTimeout(() => {
      fetch(`${endpoint}?tau=${tau}&percentile=${pctile}`, { signal: ctl.signal })
        .then((r) => (r.ok ? r.json() : null))
        .then((j) => j && setRemote(j))
        .catch(() => undefined);
    }, 150);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [endpoint, tau, pctile]);
  return local ?? remote;
}

/** The policy's numbers, its funnel, and its filtered success@k. */
function PolicyView({ p }: { p: PolicyPoint }) {
  return (
    <>
      <KeyValues
        caption="The policy at the chosen threshold and percentile"
        testId="explorer-numbers"
        rows={[
          [
            "Abstention precision / recall / FPR",
            `${pct(p.abstention.precision)} / ${pct(p.abstention.recall)} / ${pct(p.abstention.fpr)}`,
          ],
          [
            `Validation precision / recall / FPR (cutoff ${Number.isFinite(p.cutoff) ? fixed(p.cutoff, 3) : "—"})`,
            `${pct(p.validation.precision)} / ${pct(p.validation.recall)} / ${pct(p.validation.fpr)}`,
          ],
          ...p.funnel.map((s): [string, React.ReactNode] => [
            s.stage,
            <span
              key={s.stage}
              data-testid={`explorer-${s.stage.replace(/ /g, "-")}`}
            >{`${s.bugs} bugs · fs@1 ${pct(s.success_at_1)}`}</span>,
          ]),
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <GroupedBars
          data={p.funnel.map((s) => ({ stage: s.stage, bugs: s.bugs }))}
          xKey="stage"
          series={[{ key: "bugs", label: "bugs" }]}
          height={220}
          testId="explorer-funnel"
        />
        <Curves
          series={[{ name: "combined policy", points: p.successAtK.map((s, i) => ({ x: i + 1, y: s.value })) }]}
          xLabel="k"
          yLabel="filtered success@k"
          xDomain={[1, Math.max(2, p.successAtK.length)]}
          xPercent={false}
          height={220}
          testId="explorer-sak"
        />
      </div>
    </>
  );
}

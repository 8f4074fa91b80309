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
        <Slider id="tau" shown={fixed(tau, 2)} value={tau} onChange={setTau} />
        <Slider id="pct" shown={`p${pctile}`} value={pctile} onChange={setPctile} />
      </div>
      {p ? <PolicyView p={p} /> : <p className="text-sm text-muted">Computing…</p>}
    </div>
  );
}

/** The two sliders: what each sets (its accessible name), the symbol shown with its value, and its range. */
const SLIDERS = {
  tau: { name: "Abstention threshold", symbol: " τ", min: 0, max: 1, step: 0.05 },
  pct: { name: "Validation percentile", symbol: "", min: 0, max: 99, step: 1 },
};

/** A range slider under its name and the value it is at (`shown`). */
function Slider({
  id,
  shown,
  value,
  onChange,
}: {
  id: keyof typeof SLIDERS;
  shown: string;
  value: number;
  onChange: (v: number) => void;
}) {
  const { name, symbol, min, max, step } = SLIDERS[id];
  return (
    <label className="block text-sm">
      {`${name}${symbol} = `}
      <strong data-testid={`${id}-value`}>{shown}</strong>
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full"
        aria-label={name}
        data-testid={`${id}-slider`}
      />
    </label>
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

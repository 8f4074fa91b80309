"use client";

import Link from "next/link";
import { useState } from "react";
import { ProblemTable } from "@/components/ui/problem-table";
import { ErrorBody } from "@/lib/contracts/common";
import type { Problem } from "@/lib/errors";
import { fixed } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";

type Option = { id: string; label: string };
type Result =
  | { kind: "ok"; id: string; value: number | null; covered: number; total: number }
  | { kind: "error"; message: string; problems: Problem[]; problemCount: number };

/**
 * A Lite entry from two submissions (the paper's Figure 4): one system's input bouncer chained with
 * another's output bouncer, per instance of the Lite release both cover; scored like an upload.
 */
export function ComposeForm({
  task,
  primaryMetric,
  primaryLabel,
  inputs,
  outputs,
}: {
  task: string;
  primaryMetric: string;
  /** the metric's label, as the board names it */
  primaryLabel?: string;
  inputs: Option[];
  outputs: Option[];
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const body: Record<string, string> = { input: String(fd.get("input")), output: String(fd.get("output")) };
    const model = String(fd.get("model") ?? "").trim();
    if (model) body.model = model;
    setBusy(true);
    setResult(null);
    try {
      const res = await fetch(`/api/v1/tasks/${task}/compose`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (res.status === 201 && json) {
        setResult({
          kind: "ok",
          id: String(json.id),
          value: getMetric((json.metrics ?? {}) as Record<string, number>, primaryMetric),
          covered: Number(json.covered),
          total: Number(json.total),
        });
      } else {
        const err = ErrorBody.safeParse(json).data?.error;
        setResult({
          kind: "error",
          message: err?.message ?? `composing failed (HTTP ${res.status})`,
          problems: err?.details?.problems ?? [],
          problemCount: err?.details?.problemCount ?? 0,
        });
      }
    } finally {
      setBusy(false);
    }
  }
  const field = "mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";
  return (
    <form onSubmit={onSubmit} className="space-y-3" data-testid="compose-form">
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm">
          Input bouncer (a BouncerBench Input submission)
          <select name="input" required className={field}>
            {inputs.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          Output bouncer (a BouncerBench Output submission)
          <select name="output" required className={field}>
            {outputs.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm">
          Name (optional)
          <input name="model" maxLength={120} className={field} placeholder="input → output" />
        </label>
      </div>
      <button
        type="submit"
        disabled={busy || !inputs.length || !outputs.length}
        className="rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-50"
      >
        {busy ? "Composing…" : "Compose and score"}
      </button>
      {result?.kind === "ok" ? (
        <p className="text-sm" data-testid="compose-ok" role="status">
          Scored on {result.covered} of {result.total} instances: {primaryLabel ?? primaryMetric} ={" "}
          {result.value === null ? "—" : fixed(result.value, 3)}.{" "}
          <Link href={`/submissions/${result.id}`}>View the submission</Link>
        </p>
      ) : null}
      {result?.kind === "error" ? (
        <div
          className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm dark:border-rose-800 dark:bg-rose-950"
          role="alert"
        >
          <p className="font-semibold">{result.message}</p>
          <ProblemTable problems={result.problems} total={result.problemCount} />
        </div>
      ) : null}
    </form>
  );
}

"use client";

import Link from "next/link";
import { useState } from "react";
import { ProblemAlert } from "@/components/ui/problem-table";
import { SelectField, SubmitButton, TextField } from "@/components/ui/form-field";
import { ErrorBody } from "@/lib/contracts/common";
import type { Problem } from "@/lib/errors";
import { fixed } from "@/lib/format";
import { getMetric } from "@/lib/metric-value";

type Option = { id: string; label: string };

type Result =
  | { kind: "ok"; id: string; value: number | null; covered: number; total: number }
  | { kind: "error"; message: string; problems: Problem[]; problemCount: number };

/** Asks the server to compose and score the entry: its id and primary metric, or why it was refused. */
async function composeEntry(task: string, body: Record<string, string>, primaryMetric: string): Promise<Result> {
  const res = await fetch(`/api/v1/tasks/${task}/compose`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (res.status === 201 && json)
    return {
      kind: "ok",
      id: String(json.id),
      value: getMetric((json.metrics ?? {}) as Record<string, number>, primaryMetric),
      covered: Number(json.covered),
      total: Number(json.total),
    };
  const err = ErrorBody.safeParse(json).data?.error;
  return {
    kind: "error",
    message: err?.message ?? `composing failed (HTTP ${res.status})`,
    problems: err?.details?.problems ?? [],
    problemCount: err?.details?.problemCount ?? 0,
  };
}

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
      setResult(await composeEntry(task, body, primaryMetric));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={onSubmit} className="space-y-3" data-testid="compose-form">
      <div className="grid gap-3 sm:grid-cols-3">
        <SubmissionPicker name="input" label="Input bouncer (a BouncerBench Input submission)" options={inputs} />
        <SubmissionPicker name="output" label="Output bouncer (a BouncerBench Output submission)" options={outputs} />
        <TextField label="Name (optional)" name="model" maxLength={120} placeholder="input → output" />
      </div>
      <SubmitButton busy={busy} busyLabel="Composing…" disabled={!inputs.length || !outputs.length}>
        Compose and score
      </SubmitButton>
      {result?.kind === "ok" ? (
        <p className="text-sm" data-testid="compose-ok" role="status">
          Scored on {result.covered} of {result.total} instances: {primaryLabel ?? primaryMetric} ={" "}
          {result.value === null ? "—" : fixed(result.value, 3)}.{" "}
          <Link href={`/submissions/${result.id}`}>View the submission</Link>
        </p>
      ) : null}
      {result?.kind === "error" ? <ProblemAlert error={result} size="sm" /> : null}
    </form>
  );
}

/** One of the two submissions the pipeline is composed from. */
function SubmissionPicker({ name, label, options }: { name: "input" | "output"; label: string; options: Option[] }) {
  return (
    <SelectField label={label} name={name} required options={options.map((o) => ({ value: o.id, label: o.label }))} />
  );
}

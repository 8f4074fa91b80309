import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { PagePager } from "@/components/ui/pager";
import { formatInt } from "@/lib/format";
import { findAll, type TraceStep } from "@/lib/traces/steps";
import type { TraceView } from "@/lib/server/submissions";
import { TraceControls } from "./trace-controls";
import { TraceOutcomeLine } from "./trace-outcome";

/** Lines of a step shown before the rest is folded. */
const HEAD_LINES = 24;
const HEAD_CHARS = 3_000;
/** Matches listed as links at the top of a search. */
const LISTED_MATCHES = 60;

const KIND_TONES: Partial<Record<TraceStep["kind"], "gray" | "amber" | "blue" | "green" | "red">> = {
  user: "blue",
  assistant: "green",
  "tool call": "amber",
  tool: "gray",
  "tool result": "gray",
  thought: "green",
  action: "amber",
  observation: "gray",
};

/** Marks per step at most: a one-letter search must not turn a page into 100,000 elements. */
const MARKS_PER_STEP = 50;

/** `text` with the first occurrences of `q` marked. */
function Highlight({ text, q }: { text: string; q: string }) {
  const ranges = q ? findAll(text, q, MARKS_PER_STEP) : [];
  if (!ranges.length) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (s > at) parts.push(text.slice(at, s));
    parts.push(
      <mark key={s} className="rounded-sm bg-yellow-200 text-inherit dark:bg-yellow-700">
        {text.slice(s, e)}
      </mark>,
    );
    at = e;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** Where a long text is folded: after HEAD_LINES lines or HEAD_CHARS characters, whichever comes first. */
function foldAt(text: string): number {
  let cut = Math.min(text.length, HEAD_CHARS);
  let nl = -1;
  for (let i = 0; i < HEAD_LINES; i++) {
    nl = text.indexOf("\n", nl + 1);
    if (nl === -1 || nl >= cut) return cut;
  }
  cut = nl;
  return cut;
}

/** A step's text, long ones folded (the rest one click away, and open when the search is in it). */
function Folded({ text, q, prose }: { text: string; q: string; prose: boolean }) {
  // prose reads in the page's font; code, JSON and tool output keep their columns
  const pre = `whitespace-pre-wrap break-words leading-relaxed ${prose ? "text-sm" : "font-mono text-xs"}`;
  const cut = foldAt(text);
  if (cut >= text.length - 200) {
    return (
      <div className={pre}>
        <Highlight text={text} q={q} />
      </div>
    );
  }
  const rest = text.slice(cut);
  const restLines = rest.split("\n").length - 1;
  return (
    <div className={pre}>
      <Highlight text={text.slice(0, cut)} q={q} />
      <details open={Boolean(q) && findAll(rest, q, 1).length > 0}>
        <summary className="cursor-pointer font-sans text-sky-700 dark:text-sky-300">
          show the rest ({formatInt(rest.length)} characters{restLines ? `, ${formatInt(restLines)} lines` : ""})
        </summary>
        <Highlight text={rest} q={q} />
      </details>
    </div>
  );
}

/** One step: collapsible, with its kind, its label, a preview of its first line and its permalink. */
function Step({ step, open, q, href }: { step: TraceStep; open: boolean; q: string; href: string }) {
  const first = step.body.split("\n", 1)[0].slice(0, 140);
  return (
    <li
      id={`step-${step.n}`}
      className="relative scroll-mt-20 border-b border-slate-200 py-2 last:border-0 dark:border-slate-800"
    >
      {/* beside the summary, not in it: a link inside a summary is a control inside a control */}
      <a href={href} className="absolute right-0 top-2 text-xs text-muted" aria-label={`permalink to step ${step.n}`}>
        #
      </a>
      <details open={open} data-trace-step className="group">
        <summary className="flex cursor-pointer items-baseline gap-2 pr-5 text-sm">
          <span className="w-8 shrink-0 text-right font-mono text-xs text-muted sm:w-12">{step.n}</span>
          <Badge tone={KIND_TONES[step.kind] ?? "gray"}>{step.kind}</Badge>
          {step.label ? <span className="font-mono text-xs font-semibold">{step.label}</span> : null}
          <span className="min-w-0 flex-1 truncate text-muted group-open:invisible">{first}</span>
        </summary>
        <div className="mt-1 sm:pl-14">
          {step.body ? (
            <Folded text={step.body} q={q} prose={step.kind === "text"} />
          ) : (
            <span className="text-xs text-muted">(empty)</span>
          )}
        </div>
      </details>
    </li>
  );
}

/**
 * The trace viewer: a prediction's other fields, a search within the trace (server-side, so a
 * search is a permalink), the steps a page at a time — collapsible, long text folded, each with its
 * permalink — and the whole prediction as a download.
 */
export function TraceViewer({ v }: { v: TraceView }) {
  const matchSet = new Set(v.matches);
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">
        <Link href={`/tasks/${v.submission.taskFullSlug}`}>{v.submission.taskFullSlug}</Link> /{" "}
        <Link href={`/submissions/${v.submission.id}`}>{v.submission.model}</Link>
        {v.submission.team ? <> ({v.submission.team.name})</> : null} /{" "}
        <Link href={v.instanceHref} className="font-mono">
          {v.instanceId}
        </Link>
      </p>
      <h1 className="flex flex-wrap items-center gap-2 text-xl font-bold">
        Trace of <span className="font-mono">{v.instanceId}</span>
        <Badge>
          {v.format === "none"
            ? "no trace"
            : `${v.format}, ${formatInt(v.totalSteps)} ${v.totalSteps === 1 ? "step" : "steps"}`}
        </Badge>
      </h1>
      <TraceOutcomeLine outcome={v.outcome} />
      {v.fields.length ? <PredictionFields fields={v.fields} /> : null}
      <Card title={v.field && v.field !== "trace" ? `Trace (${v.field})` : "Trace"}>
        <TraceToolbar v={v} />
        {v.q ? <SearchMatches v={v} /> : null}
        {v.steps.length ? (
          <ol data-testid="trace-steps">
            {v.steps.map((s) => (
              <Step
                key={s.n}
                step={s}
                q={v.q}
                open={v.fold ? v.fold === "open" : !v.q || matchSet.has(s.n)}
                href={v.stepHref(s.n)}
              />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted">This prediction has no trace.</p>
        )}
        {v.omitted ? (
          <p className="mt-2 text-sm text-muted">
            {formatInt(v.omitted)} more steps are not shown: download the whole prediction to read them.
          </p>
        ) : null}
        <div className="mt-3 text-sm">
          <PagePager
            of={{ page: v.page, pageSize: v.pageSize, total: v.totalSteps }}
            href={(page) => v.href({ page })}
            noun="steps"
          />
        </div>
      </Card>
    </div>
  );
}

/** The prediction's other fields (long values cut at 300 characters). */
function PredictionFields({ fields }: { fields: TraceView["fields"] }) {
  return (
    <Card title="Prediction">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="trace-fields">
        {fields.map((f) => (
          <div key={f.key} className="contents">
            <dt className="text-muted">{f.key}</dt>
            <dd className="break-words font-mono text-xs">
              {f.value.length > 300 ? `${f.value.slice(0, 300)}…` : f.value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

const input = "rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900";

/** The search within the trace, Expand all / Collapse all, and the download of the whole prediction. */
function TraceToolbar({ v }: { v: TraceView }) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-3">
      <form method="get" role="search" className="flex gap-2">
        <label htmlFor="trace-q" className="sr-only">
          Search in the trace
        </label>
        <input
          id="trace-q"
          type="search"
          name="q"
          defaultValue={v.q}
          placeholder="Search in the trace"
          className={input}
        />
        <button type="submit" className={input}>
          Search
        </button>
      </form>
      <TraceControls expandHref={v.href({ fold: "open" })} collapseHref={v.href({ fold: "closed" })} />
      <a href={v.downloadHref} download className="ml-auto text-sm" data-testid="trace-download">
        Download the whole prediction (JSON)
      </a>
    </div>
  );
}

/** The steps a search matches, the first of them as links, and the way back to the whole trace. */
function SearchMatches({ v }: { v: TraceView }) {
  return (
    <p className="mb-3 text-sm" data-testid="trace-matches">
      {v.matches.length ? (
        <>
          {formatInt(v.matches.length)} of {formatInt(v.totalSteps)} steps match “{v.q}”:{" "}
          {v.matches.slice(0, LISTED_MATCHES).map((n, i) => (
            <span key={n}>
              {i ? ", " : ""}
              <a href={v.stepHref(n)}>{n}</a>
            </span>
          ))}
          {v.matches.length > LISTED_MATCHES ? "…" : ""}
        </>
      ) : (
        <>No step matches “{v.q}”.</>
      )}{" "}
      <Link href={v.href({ q: "" })}>Clear the search</Link>
    </p>
  );
}

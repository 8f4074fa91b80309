import { fixed } from "@/lib/format";
import { USER_LINK_REL } from "@/lib/href";
import { Badge } from "@/components/ui/badge";
import type { SubmissionPageView } from "@/lib/server/submissions";
import { SYSTEM_META_LABELS } from "@/lib/system-meta-labels";

const ROWS = [
  "agent",
  "base_model",
  "policy_model",
  "temperature",
  "reasoning_effort",
  "agentic",
  "tokens_in",
  "tokens_out",
  "run",
].map((key) => ({ key, label: SYSTEM_META_LABELS[key] }));

const show = (v: unknown) =>
  typeof v === "boolean" ? (v ? "yes" : "no") : typeof v === "number" ? v.toLocaleString("en-US") : String(v);

/** A server-judged score's bug-hit rates corrected for the judge's errors on the release's human labels. */
function CorrectedRates({ c }: { c: NonNullable<NonNullable<SubmissionPageView["judged"]>["corrected"]> }) {
  const f = (x: number) => fixed(x, 3);
  const iv = (r: { value: number; low: number; high: number }) => `${f(r.value)} [${f(r.low)}, ${f(r.high)}]`;
  return (
    <>
      <dt className="text-muted">Corrected</dt>
      <dd className="sm:col-span-3" data-testid="judge-corrected">
        precision {iv(c.precision)} · recall (bug hits / PRs) {iv(c.recallHits)}{" "}
        <span className="text-xs text-muted">
          for the judge&apos;s errors on {c.labeled} human-labeled comments (κ {c.kappa === null ? "—" : f(c.kappa)},
          sensitivity {c.sensitivity === null ? "—" : f(c.sensitivity)}, specificity{" "}
          {c.specificity === null ? "—" : f(c.specificity)}); 95% intervals count both sets (Lee et al. 2025)
        </span>
      </dd>
    </>
  );
}

type Judged = NonNullable<SubmissionPageView["judged"]>;

/**
 * A file that carried its own verdicts, on a server that judges every upload (issue 47): they are
 * kept and shown, never ranked; the score is the server's.
 */
function SelfJudged({ s }: { s: NonNullable<Judged["selfJudged"]> }) {
  const f = (x: number | null) => (x === null ? "—" : fixed(x, 3));
  return (
    <>
      <dt className="text-muted">Self-judged</dt>
      <dd className="sm:col-span-3" data-testid="self-judged">
        the file&apos;s own verdicts agree with the server&apos;s on {f(s.agreement)} of {s.comments} comments
        (Cohen&apos;s κ {f(s.kappa)}): {s.ownBugHits} bug hits by its verdicts, {s.serverBugHits} by the server&apos;s (
        {s.ownPrsHit} vs {s.serverPrsHit} PRs found).{" "}
        <span className="text-xs text-muted">
          The board ranks the server&apos;s verdicts; the file&apos;s are kept.
        </span>
      </dd>
    </>
  );
}

/**
 * The run's structured system metadata (issue 20): agent, base model, judge, settings, links. On
 * tasks whose verdicts are an LLM judge's, the judge leads, marked when it is the paper's setup.
 */
export function SystemCard({ v }: { v: SubmissionPageView }) {
  const m = v.meta as Record<string, unknown>;
  const rows = ROWS.filter((r) => m[r.key] !== undefined);
  const judged = v.judge !== null || m.judge_model !== undefined;
  if (!rows.length && !judged && !m.code_url) return null;
  return (
    <section aria-labelledby="system-card" className="mt-2 text-sm" data-testid="system-card">
      <h2 id="system-card" className="sr-only">
        System
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 sm:grid-cols-[auto_1fr_auto_1fr]">
        {judged ? (
          <>
            <dt className="text-muted">Judge</dt>
            <dd className="sm:col-span-3" data-testid="judge">
              {m.judge_model ? show(m.judge_model) : "not stated"}
              {m.judge_prompt ? <span className="text-muted"> · prompt {show(m.judge_prompt)}</span> : null}{" "}
              {v.judged?.by === "server" ? (
                <Badge
                  tone="blue"
                  title={`the server's judge decided every comment (template SHA-256 ${v.judged.promptSha256 ?? "—"})`}
                >
                  server-judged
                </Badge>
              ) : v.judged?.by === "team" ? (
                <span className="text-xs text-muted">(self-judged: the verdicts are the team&apos;s) </span>
              ) : null}
              {v.paperJudge ? (
                <Badge tone="green" title={`judged as in the paper: ${v.paperJudge}`}>
                  paper setup
                </Badge>
              ) : v.judge ? (
                <span className="text-xs text-muted">(not the paper&apos;s setup: {v.judge.paper[0]?.label})</span>
              ) : null}
            </dd>
          </>
        ) : null}
        {v.judged?.selfJudged ? <SelfJudged s={v.judged.selfJudged} /> : null}
        {v.judged?.addressedJudge ? (
          <>
            <dt className="text-muted">Addressed the judge</dt>
            <dd className="sm:col-span-3" data-testid="addressed-judge">
              {v.judged.addressedJudge} comments{" "}
              <span className="text-xs text-muted">
                (instructions, class names or role tags written to the judge: that text never reached it, and a comment
                with nothing else in it counts as noise)
              </span>
            </dd>
          </>
        ) : null}
        {v.judged?.corrected ? <CorrectedRates c={v.judged.corrected} /> : null}
        {rows.map((r) => (
          <div key={r.key} className="contents">
            <dt className="text-muted">{r.label}</dt>
            <dd>{show(m[r.key])}</dd>
          </div>
        ))}
      </dl>
      {m.code_url ? (
        <p className="mt-1">
          <a href={String(m.code_url)} rel={USER_LINK_REL} data-testid="code-link">
            code
          </a>
        </p>
      ) : null}
    </section>
  );
}

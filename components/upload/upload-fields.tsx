"use client";

import { REASONING_EFFORTS } from "@/lib/validations/common";

/** The form's input class (every text field, select and number of the upload form). */
export const field = "mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900";

/** The task's judge, when its predictions carry an LLM judge's verdicts. */
export type UploadJudge = {
  decides: string;
  paper: { label: string; prompt: string }[];
  /** the server runs a judge itself (CR-Bench): the fields are needed only when the file carries its own verdicts */
  server?: { model: string; prompt: string } | null;
};

/** Everything the upload sends besides the file: who ran it, the judge, the system card, the cost. */
export function RunFields({ teams, judge }: { teams: { slug: string; name: string }[]; judge: UploadJudge | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {teams.length > 1 ? <TeamPicker teams={teams} /> : null}
      <EntryFields />
      {judge ? <JudgeFields judge={judge} /> : null}
      <SystemCardFields />
      <CostFields />
    </div>
  );
}

/** The team the entry is filed under (shown when the uploader is in more than one). */
function TeamPicker({ teams }: { teams: { slug: string; name: string }[] }) {
  return (
    <label className="block text-sm sm:col-span-2">
      Team (it is filed under this team; private ones are seen by its members)
      <select name="team" defaultValue={teams[0].slug} className={field} data-testid="team-picker">
        {teams.map((t) => (
          <option key={t.slug} value={t.slug}>
            {t.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The entry itself: model, system, links, visibility, open source. */
function EntryFields() {
  return (
    <>
      <label className="block text-sm">
        Model name <span className="text-rose-600">*</span>
        <input name="model" required maxLength={120} className={field} />
      </label>
      <label className="block text-sm">
        System / agent (optional)
        <input name="system" maxLength={120} className={field} />
      </label>
      <label className="block text-sm">
        Link (paper, code; optional)
        <input name="site" type="url" className={field} />
      </label>
      <label className="block text-sm">
        Logs or trajectories (a link; optional)
        <input name="logs_url" type="url" placeholder="https://…" className={field} />
      </label>
      <label className="block text-sm">
        Visibility
        <select name="visibility" defaultValue="public" className={field}>
          <option value="public">public — on the leaderboard</option>
          <option value="private">private — only your team</option>
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="oss" value="true" /> open-source model
      </label>
    </>
  );
}

/**
 * The judge's model and prompt: required when the task's predictions carry a judge's verdicts,
 * unless the server judges itself (then only a file with its own verdicts names its judge).
 */
function JudgeFields({ judge }: { judge: UploadJudge }) {
  const required = !judge.server;
  return (
    <fieldset className="grid gap-2 text-sm sm:col-span-2 sm:grid-cols-2" data-testid="judge-fields">
      <legend className="mb-1 text-xs text-muted">
        {judge.server ? (
          <span data-testid="server-judge">
            This server judges every comment without a verdict itself ({judge.server.model}, prompt{" "}
            {judge.server.prompt}): leave these empty for that. A file whose comments carry their own verdicts names the
            judge that produced them (shown as self-judged).{" "}
          </span>
        ) : (
          <>The judge (required): the model and prompt that produced {judge.decides}. </>
        )}
        The paper&apos;s setup: {judge.paper.map((p) => `${p.label} — prompt "${p.prompt}"`).join("; ")}.
      </legend>
      <label className="block">
        Judge model
        <input
          name="judge_model"
          required={required}
          maxLength={80}
          className={field}
          placeholder="e.g. claude-sonnet-4.5"
        />
      </label>
      <label className="block">
        Judge prompt (name and version)
        <input
          name="judge_prompt"
          required={required}
          maxLength={80}
          className={field}
          placeholder={`e.g. ${judge.paper[0]?.prompt ?? "my-judge-v1"}`}
        />
      </label>
    </fieldset>
  );
}

/** The optional system card: agent, base model, settings, links. */
function SystemCardFields() {
  return (
    <details className="text-sm sm:col-span-2" data-testid="system-fields">
      <summary className="cursor-pointer">System card (optional): agent, base model, settings, links</summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        <label className="block">
          Agent / tool
          <input name="agent" maxLength={80} className={field} placeholder="e.g. SWE-agent" />
        </label>
        <label className="block">
          Base model
          <input name="base_model" maxLength={80} className={field} placeholder="e.g. gpt-4o" />
        </label>
        <label className="block">
          Policy model
          <input name="policy_model" maxLength={120} className={field} />
        </label>
        <label className="block">
          Temperature
          <input name="temperature" type="number" min={0} max={2} step="any" className={field} />
        </label>
        <label className="block">
          Reasoning effort
          <select name="reasoning_effort" defaultValue="" className={field}>
            <option value="">—</option>
            {REASONING_EFFORTS.map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </label>
        <label className="block">
          Agentic
          <select name="agentic" defaultValue="" className={field}>
            <option value="">—</option>
            <option value="true">yes: tools and steps</option>
            <option value="false">no: one call per instance</option>
          </select>
        </label>
        <label className="block">
          Tokens in
          <input name="tokens_in" type="number" min={0} step={1} className={field} />
        </label>
        <label className="block">
          Tokens out
          <input name="tokens_out" type="number" min={0} step={1} className={field} />
        </label>
        <label className="block">
          Code (a link)
          <input name="code_url" type="url" placeholder="https://…" className={field} />
        </label>
        <label className="block">
          Run number (repeated runs)
          <input name="run" type="number" min={1} max={1000} step={1} className={field} placeholder="e.g. 2" />
          <span className="block text-xs text-muted">
            Upload each run of the same model as its own file, numbered 1, 2, 3…: the board shows their mean and spread.
          </span>
        </label>
      </div>
    </details>
  );
}

/** The optional cost of the run (a column and the cost-vs-score chart). */
function CostFields() {
  return (
    <fieldset className="grid grid-cols-3 gap-2 text-sm sm:col-span-2">
      <legend className="mb-1 text-xs text-muted">
        Optional cost of the run (shown as a column and in the cost-vs-score chart)
      </legend>
      <label className="block">
        USD
        <input name="cost_usd" type="number" min={0} step="any" className={field} />
      </label>
      <label className="block">
        tokens
        <input name="tokens" type="number" min={0} step={1} className={field} />
      </label>
      <label className="block">
        runtime (s)
        <input name="runtime_sec" type="number" min={0} step="any" className={field} />
      </label>
    </fieldset>
  );
}

"use client";

import { REASONING_EFFORTS } from "@/lib/validations/common";
import { inputClass as field, SelectField, TextField } from "@/components/ui/form-field";

/** The choices of the form's selects: the entry's visibility, and the system card's (optional: "—" first). */
const VISIBILITIES = [
  { value: "public", label: "public — on the leaderboard" },
  { value: "private", label: "private — only your team" },
];
const EFFORTS = [{ value: "", label: "—" }, ...REASONING_EFFORTS.map((x) => ({ value: x, label: x }))];
const AGENTIC = [
  { value: "", label: "—" },
  { value: "true", label: "yes: tools and steps" },
  { value: "false", label: "no: one call per instance" },
];

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
    <SelectField
      label="Team (it is filed under this team; private ones are seen by its members)"
      labelClassName="block text-sm sm:col-span-2"
      name="team"
      defaultValue={teams[0].slug}
      data-testid="team-picker"
      options={teams.map((t) => ({ value: t.slug, label: t.name }))}
    />
  );
}

/** The entry itself: model, system, links, visibility, open source. */
function EntryFields() {
  return (
    <>
      <TextField
        label={
          <>
            Model name <span className="text-rose-600">*</span>
          </>
        }
        name="model"
        required
        maxLength={120}
      />
      <TextField label="System / agent (optional)" name="system" maxLength={120} />
      <TextField label="Link (paper, code; optional)" name="site" type="url" />
      <TextField label="Logs or trajectories (a link; optional)" name="logs_url" type="url" placeholder="https://…" />
      <SelectField label="Visibility" name="visibility" defaultValue="public" options={VISIBILITIES} />
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
            This server judges every comment itself ({judge.server.model}, prompt {judge.server.prompt}) and ranks its
            verdicts: leave these empty. Verdicts a file carries are kept and shown as self-judged, with their agreement
            with the server&apos;s, never ranked in their place.{" "}
          </span>
        ) : (
          <>The judge (required): the model and prompt that produced {judge.decides}. </>
        )}
        The paper&apos;s setup: {judge.paper.map((p) => `${p.label} — prompt "${p.prompt}"`).join("; ")}.
      </legend>
      <TextField
        label="Judge model"
        labelClassName="block"
        name="judge_model"
        required={required}
        maxLength={80}
        placeholder="e.g. claude-sonnet-4.5"
      />
      <TextField
        label="Judge prompt (name and version)"
        labelClassName="block"
        name="judge_prompt"
        required={required}
        maxLength={80}
        placeholder={`e.g. ${judge.paper[0]?.prompt ?? "my-judge-v1"}`}
      />
    </fieldset>
  );
}

/** The optional system card: agent, base model, settings, links. */
function SystemCardFields() {
  return (
    <details className="text-sm sm:col-span-2" data-testid="system-fields">
      <summary className="cursor-pointer">System card (optional): agent, base model, settings, links</summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        <TextField
          label="Agent / tool"
          labelClassName="block"
          name="agent"
          maxLength={80}
          placeholder="e.g. SWE-agent"
        />
        <TextField
          label="Base model"
          labelClassName="block"
          name="base_model"
          maxLength={80}
          placeholder="e.g. gpt-4o"
        />
        <TextField label="Policy model" labelClassName="block" name="policy_model" maxLength={120} />
        <TextField
          label="Temperature"
          labelClassName="block"
          name="temperature"
          type="number"
          min={0}
          max={2}
          step="any"
        />
        <SelectField
          label="Reasoning effort"
          labelClassName="block"
          name="reasoning_effort"
          defaultValue=""
          options={EFFORTS}
        />
        <SelectField label="Agentic" labelClassName="block" name="agentic" defaultValue="" options={AGENTIC} />
        <TextField label="Tokens in" labelClassName="block" name="tokens_in" type="number" min={0} step={1} />
        <TextField label="Tokens out" labelClassName="block" name="tokens_out" type="number" min={0} step={1} />
        <TextField label="Code (a link)" labelClassName="block" name="code_url" type="url" placeholder="https://…" />
        <label className="block">
          Run number (repeated runs)
          <input
            name="run"
            inputMode="numeric"
            pattern="[1-9][0-9]{0,2}|1000"
            title="a whole number from 1 to 1000, digits only (1, 2, 3 …)"
            className={field}
            placeholder="e.g. 2"
          />
          <span className="block text-xs text-muted">
            Upload each run of the same model as its own file, numbered 1, 2, 3…: the board shows their mean and spread.
            Every run counts in that mean, even one you later make private or withdraw.
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
      <TextField label="USD" labelClassName="block" name="cost_usd" type="number" min={0} step="any" />
      <TextField label="tokens" labelClassName="block" name="tokens" type="number" min={0} step={1} />
      <TextField label="runtime (s)" labelClassName="block" name="runtime_sec" type="number" min={0} step="any" />
    </fieldset>
  );
}

// A prediction's trace as steps a person can read: the trace viewer's model. Pure: no I/O, no UI.
// Traces come in whatever shape a team's agent wrote: a prose explanation (the shipped
// BouncerBench files), chat messages (OpenAI `tool_calls`, Anthropic content parts), an agent
// trajectory (SWE-agent's thought / action / observation), a JSON string of any of these, or any
// other JSON. Each becomes a flat list of steps; nothing is dropped (what has no known shape is
// shown as JSON).

export type StepKind =
  | "text"
  | "system"
  | "user"
  | "assistant"
  | "tool"
  | "tool call"
  | "tool result"
  | "thought"
  | "action"
  | "observation"
  | "field"
  | "step";

export interface TraceStep {
  /** 1-based, the step's permalink is `#step-{n}` */
  n: number;
  kind: StepKind;
  /** the tool's name, the field's name, the role's name when it is not a known one */
  label?: string;
  body: string;
}

export type TraceFormat = "none" | "text" | "messages" | "trajectory" | "json";

export interface TraceSteps {
  format: TraceFormat;
  steps: TraceStep[];
  /** steps left out past `maxSteps` (the download has them) */
  omitted: number;
}

/** Where a trajectory's steps live when the trace is an object around them. */
const LIST_KEYS = ["messages", "trajectory", "history", "steps", "events", "trace", "turns"];
const ROLES: Record<string, StepKind> = {
  system: "system",
  developer: "system",
  user: "user",
  human: "user",
  assistant: "assistant",
  ai: "assistant",
  model: "assistant",
  tool: "tool",
  function: "tool",
};

/** A label from a value that should be a string: at most 100 characters; anything else is `fallback`. */
const labelOf = (v: unknown, fallback?: string) =>
  typeof v === "string" || typeof v === "number" ? String(v).slice(0, 100) : fallback;
const json = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2));
const isRecord = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/** A JSON string holding an array or object, parsed; anything else as it is. */
function unwrap(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const t = v.trim();
  if (!(t.startsWith("[") || t.startsWith("{"))) return v;
  try {
    return JSON.parse(t);
  } catch {
    return v;
  }
}

/** Prose split at blank lines: a paragraph (or a numbered point) per step. */
function paragraphs(text: string): Omit<TraceStep, "n">[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n(?:[ \t]*\n)+/)
    .map((p) => p.replace(/^\n+|\s+$/g, ""))
    .filter((p) => p.trim() !== "")
    .map((body) => ({ kind: "text" as const, body }));
}

/** A message's content: a string, or parts (text, tool_use, tool_result, images…). */
function contentSteps(kind: StepKind, label: string | undefined, content: unknown): Omit<TraceStep, "n">[] {
  if (content === undefined || content === null || content === "") return [];
  if (!Array.isArray(content)) return [{ kind, label, body: json(content) }];
  const out: Omit<TraceStep, "n">[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.length) out.push({ kind, label, body: text.join("\n\n") });
    text = [];
  };
  for (const part of content) {
    if (typeof part === "string") text.push(part);
    else if (isRecord(part) && typeof part.text === "string" && (part.type === undefined || part.type === "text"))
      text.push(part.text);
    else if (isRecord(part) && part.type === "tool_use") {
      flush();
      out.push({ kind: "tool call", label: labelOf(part.name, "tool"), body: json(part.input ?? {}) });
    } else if (isRecord(part) && part.type === "tool_result") {
      flush();
      const c = part.content;
      const body = Array.isArray(c)
        ? c.map((x) => (isRecord(x) && typeof x.text === "string" ? x.text : json(x))).join("\n\n")
        : json(c ?? "");
      out.push({ kind: "tool result", label: labelOf(part.tool_use_id), body });
    } else {
      flush();
      out.push({ kind, label, body: json(part) });
    }
  }
  flush();
  return out;
}

/** One element of a list: a chat message, a trajectory step, prose, or JSON. */
function elementSteps(el: unknown): { steps: Omit<TraceStep, "n">[]; shape: "message" | "trajectory" | "other" } {
  if (typeof el === "string") return { steps: [{ kind: "text", body: el }], shape: "other" };
  if (isRecord(el) && typeof el.role === "string") {
    const role = el.role.toLowerCase();
    // own keys only: a role of "constructor" or "__proto__" is an unknown role, not a prototype's member
    const kind: StepKind = Object.hasOwn(ROLES, role) ? ROLES[role] : "step";
    const name = typeof el.name === "string" ? el.name : undefined;
    const label = kind === "tool" ? name : kind === "step" ? el.role.slice(0, 100) : undefined;
    const steps = contentSteps(kind, label, el.content);
    const calls = Array.isArray(el.tool_calls) ? el.tool_calls : [];
    for (const c of calls) {
      const fn = isRecord(c) && isRecord(c.function) ? c.function : isRecord(c) ? c : {};
      steps.push({
        kind: "tool call",
        label: labelOf(fn.name, "tool"),
        body: json(unwrap(fn.arguments ?? fn.input ?? {})),
      });
    }
    if (!steps.length) steps.push({ kind, label, body: "" });
    return { steps, shape: "message" };
  }
  if (isRecord(el) && ("thought" in el || "action" in el || "observation" in el)) {
    const steps: Omit<TraceStep, "n">[] = [];
    for (const k of ["thought", "action", "observation"] as const)
      if (el[k] !== undefined && el[k] !== null && el[k] !== "") steps.push({ kind: k, body: json(el[k]) });
    return { steps, shape: "trajectory" };
  }
  return { steps: [{ kind: "step", body: json(el) }], shape: "other" };
}

/**
 * A trace as numbered steps, at most `maxSteps` of them.
 *
 * @example traceSteps("First point.\n\nSecond point.").steps.length // 2
 * @example traceSteps([{ role: "user", content: "fix it" }]).format // "messages"
 */
export function traceSteps(trace: unknown, maxSteps = 5_000): TraceSteps {
  const v = unwrap(trace);
  let format: TraceFormat;
  let raw: Omit<TraceStep, "n">[] = [];
  if (v === undefined || v === null || v === "") format = "none";
  else if (typeof v === "string") {
    format = "text";
    raw = paragraphs(v);
  } else if (Array.isArray(v) || (isRecord(v) && LIST_KEYS.some((k) => Array.isArray(v[k])))) {
    const key = Array.isArray(v) ? null : LIST_KEYS.find((k) => Array.isArray((v as Record<string, unknown>)[k]))!;
    const list = key ? ((v as Record<string, unknown>)[key] as unknown[]) : (v as unknown[]);
    // what surrounds the list (a trajectory's environment, model, info) comes first, as fields
    if (key)
      for (const [k, x] of Object.entries(v as Record<string, unknown>))
        if (k !== key) raw.push({ kind: "field", label: k, body: json(x) });
    const shapes = { message: 0, trajectory: 0, other: 0 };
    for (const el of list) {
      const e = elementSteps(unwrap(el));
      shapes[e.shape]++;
      raw.push(...e.steps);
    }
    format =
      shapes.message >= shapes.trajectory && shapes.message > 0
        ? "messages"
        : shapes.trajectory
          ? "trajectory"
          : "json";
  } else if (isRecord(v)) {
    format = "json";
    raw = Object.entries(v).map(([k, x]) => ({ kind: "field" as const, label: k, body: json(x) }));
  } else {
    format = "json";
    raw = [{ kind: "step", body: json(v) }];
  }
  const kept = raw.slice(0, Math.max(0, maxSteps));
  return { format, steps: kept.map((s, i) => ({ n: i + 1, ...s })), omitted: raw.length - kept.length };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where `q` occurs in a text, case-insensitively: [start, end) ranges in `text`, at most `max`. */
export function findAll(text: string, q: string, max = 1_000): [number, number][] {
  if (!q) return [];
  const re = new RegExp(escapeRegExp(q), "giu");
  const out: [number, number][] = [];
  for (let m = re.exec(text); m && out.length < max; m = re.exec(text)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** Whether a step matches a search (its label or its body), case-insensitively. */
export function stepMatches(step: TraceStep, q: string): boolean {
  return findAll(step.label ?? "", q, 1).length > 0 || findAll(step.body, q, 1).length > 0;
}

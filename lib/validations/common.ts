// Input shapes shared by pages, forms, server code and the API (names, URLs, the upload's fields,
// query strings). Request shapes only the API reads, and every response shape, live in
// lib/contracts, which re-exports these for the routes: a resource's whole contract in one module.
import { z } from "zod";
import { optionalOrBlank } from "./blank";

/** Lower-case, dash-separated slug of a name. */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-")
    .slice(0, 48);
}

export const TaskParams = z.object({
  benchmark: z.string().min(1).max(64),
  task: z.string().min(1).max(64),
});

export const IdParams = z.object({ id: z.string().uuid("not a submission id") });

const boolish = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off", "yes", "no"])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on" || v === "yes");

/**
 * Characters a displayed name must not hold: control characters (C0, DEL, C1), format
 * characters (bidirectional embeddings, overrides, isolates and marks, zero-width spaces and
 * joiners, interlinear annotation anchors U+FFF9–FFFB, the zero-width no-break space, tags …),
 * line/paragraph separators, private-use and unassigned code points and lone surrogates. A model
 * called "\u202Egnp.exe" would render reversed on every leaderboard, and "\uFFF9gpt-4" would
 * look like "gpt-4" without sharing its skeleton. Zero-width joiners between letters or emoji
 * (Persian and Indic names, 👩‍💻) are text, not tricks: see unsafeCharacter.
 */
const UNSAFE_TEXT = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\u2028\u2029]/u;
/** ZWNJ/ZWJ with a letter, mark or emoji on both sides. */
const JOINER_IN_WORD =
  /(?<=[\p{L}\p{M}\p{Extended_Pictographic}\uFE0F])[\u200C\u200D](?=[\p{L}\p{M}\p{Extended_Pictographic}])/gu;

/** `v` without the characters a name must not hold (for names taken from elsewhere: a GitHub profile's). */
export function stripUnsafeText(v: string): string {
  let out = "";
  for (;;) {
    const m = unsafeCharacter(v);
    if (!m) return out + v;
    out += v.slice(0, m.index);
    v = v.slice(m.index + String.fromCodePoint(parseInt(m.code, 16)).length);
  }
}

/** The first character of `v` a name must not hold (UNSAFE_TEXT), with its 0-based index; or null. */
export function unsafeCharacter(v: string): { code: string; index: number } | null {
  // a joiner inside a word stands for one (same length, so positions stay right)
  const m = UNSAFE_TEXT.exec(v.replace(JOINER_IN_WORD, "a"));
  return m ? { code: m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0"), index: m.index } : null;
}

/**
 * Characters that show nothing on their own: white space, control and format characters
 * (zero-width space and joiners included), surrogates and unassigned code points, combining marks
 * (they decorate a character, they are none), default-ignorables (variation selectors, U+3164
 * HANGUL FILLER, U+115F/U+1160, U+FFA0, U+180E …) and blank symbols drawn empty (U+2800 BRAILLE
 * PATTERN BLANK).
 */
const INVISIBLE =
  /^[\s\p{Z}\p{Cc}\p{Cf}\p{Cs}\p{Cn}\p{M}\p{Default_Ignorable_Code_Point}\u115F\u1160\u180E\u2800\u3164\uFFA0]$/u;

/** Whether a text holds at least one character that can be seen (see INVISIBLE). */
export function hasVisibleCharacter(s: string): boolean {
  for (const ch of s) if (!INVISIBLE.test(ch)) return true;
  return false;
}

/** A zod refinement: the text must hold a visible character ("name must contain a visible character"). */
export function visibleText(what: string) {
  return (v: string, ctx: z.RefinementCtx) => {
    if (v && !hasVisibleCharacter(v))
      ctx.addIssue({
        code: "custom",
        message: `${what} must contain a visible character (it holds only spaces, invisible or combining characters)`,
      });
  };
}

/**
 * A name shown to others (model, system, team, token, account): trimmed, NFC-normalised,
 * 1..max characters, at least one of them visible, nothing that hides or reorders text.
 */
export function displayName(what: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} must be at most ${max} characters`)
    .superRefine((v, ctx) => {
      const m = unsafeCharacter(v);
      if (m)
        ctx.addIssue({
          code: "custom",
          message: `${what} holds an invisible, control or text-direction character (U+${m.code}) at position ${m.index + 1}: use plain text`,
        });
    })
    .superRefine(visibleText(what))
    .overwrite((v) => v.normalize("NFC"));
}

/** A number in decimal notation: an optional sign, digits with an optional fraction, an optional exponent. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * An optional number sent as a form field or JSON: absent, null, "" or blanks are absent (never
 * 0, as `z.coerce.number()` would make them); anything else must be a finite number.
 */
export function optionalNumber(what: string, opts: { int?: boolean; min?: number; max?: number } = {}) {
  // whole numbers beyond 2^53 lose digits as JavaScript numbers (and tokens is a BIGINT column)
  if (opts.int && opts.max === undefined) opts = { ...opts, max: Number.MAX_SAFE_INTEGER };
  return z
    .union([z.number(), z.string(), z.null()])
    .transform((v, ctx) => {
      if (v === null) return undefined;
      const text = typeof v === "string" ? v.trim() : null;
      if (text === "") return undefined;
      // decimal notation only: Number() would also take 0x10, 0b11, 0o7 and Infinity
      const n = text === null ? (v as number) : DECIMAL.test(text) ? Number(text) : NaN;
      const shown = text === null ? String(v) : text.length > 40 ? `${text.slice(0, 40)}…` : text;
      if (!Number.isFinite(n)) {
        ctx.addIssue({
          code: "custom",
          message: `${what} must be a number, got '${shown}' (decimal notation, such as 12 or 0.5)`,
        });
        return z.NEVER;
      }
      if (opts.int && !Number.isInteger(n)) {
        ctx.addIssue({ code: "custom", message: `${what} must be a whole number, got '${shown}'` });
        return z.NEVER;
      }
      if (opts.min !== undefined && n < opts.min) {
        ctx.addIssue({ code: "custom", message: `${what} must be at least ${opts.min}, got '${shown}'` });
        return z.NEVER;
      }
      if (opts.max !== undefined && n > opts.max) {
        ctx.addIssue({ code: "custom", message: `${what} must be at most ${opts.max}, got '${shown}'` });
        return z.NEVER;
      }
      return n;
    })
    .optional();
}

/** The highest run number an upload may carry. */
export const MAX_RUN = 1000;

/**
 * What is wrong with a run number as sent (issue 47), or null: a whole number from 1 to MAX_RUN in
 * plain decimal digits. A form sends text, and `1e2`, `01`, ` 2`, `+2`, `0x10`, `2.0` or nothing at
 * all are not how anyone numbers a run: refused with what was expected, never read as a number. A
 * JSON number must be a whole number in range.
 */
export function runNumberProblem(v: string | number): string | null {
  const expected = `a whole number from 1 to ${MAX_RUN} in plain decimal digits, such as 1, 2 or 3`;
  if (typeof v === "number") {
    if (!Number.isInteger(v)) return `run must be ${expected}, got ${v}`;
    return v < 1 ? `run must be at least 1, got ${v}` : v > MAX_RUN ? `run must be at most ${MAX_RUN}, got ${v}` : null;
  }
  if (v.trim() === "")
    return `run is empty: send ${expected}, or leave the field out when the file is not one of several runs`;
  const shown = JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (/^0+$/.test(v)) return `run must be at least 1, got ${shown}`;
  if (!/^[1-9][0-9]*$/.test(v))
    return `run must be ${expected} (no sign, spaces, leading zeros, decimal point or exponent), got ${shown}`;
  return v.length > 4 || Number(v) > MAX_RUN ? `run must be at most ${MAX_RUN}, got ${shown}` : null;
}

/**
 * The `run` field of an upload (runNumberProblem): absent or JSON null is no run; an empty field
 * is a 422, unlike the other optional fields' blanks — a form that means "no run" leaves it out.
 */
const runField = z
  .union([z.number(), z.string(), z.null()])
  .transform((v, ctx) => {
    if (v === null) return undefined;
    const problem = runNumberProblem(v);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem });
      return z.NEVER;
    }
    return Number(v);
  })
  .optional();

/** An http(s) URL (never javascript:, data:, file: …). */
export const webUrl = z
  .string()
  .trim()
  .max(500, "a URL must be at most 500 characters")
  .url("must be a URL, e.g. https://example.org")
  .refine((v) => {
    try {
      return /^https?:$/i.test(new URL(v).protocol);
    } catch {
      return false; // reported by .url()
    }
  }, "must be an http:// or https:// URL");

const optionalName = (what: string, max: number) => optionalOrBlank(displayName(what, max));
const optionalUrl = optionalOrBlank(webUrl);

/** How the reasoning effort of a run is named (OpenAI's levels; "none" for models without it). */
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;

/**
 * A submission's structured system metadata (issue 20), every field optional — except the judge on
 * tasks whose predictions carry an LLM judge's verdicts (CR-Bench, Abstain-and-Validate), which the
 * upload requires (lib/tasks/shared/judge.ts). Form fields and the stored JSON (`submissions.meta`)
 * share these snake_case names. The trajectories' link is the upload's `logs_url`.
 */
export const SystemMetaFields = {
  /** the agent or tool around the model (SWE-agent, OpenHands, Copilot, …) */
  agent: optionalName("agent", 80),
  /** the base model the agent runs */
  base_model: optionalName("base_model", 80),
  /** other models in the loop (an abstention or validation policy, a patch ranker) */
  policy_model: optionalName("policy_model", 120),
  /** the model that judged the predictions (CR-Bench's CR-Evaluator, A&V's validation policy) */
  judge_model: optionalName("judge_model", 80),
  /** the judge prompt's name and version, e.g. cr-evaluator (the paper's Listing 6) */
  judge_prompt: z
    .string()
    .trim()
    .max(80, "judge_prompt must be at most 80 characters")
    .regex(/^[\w.@:/+ -]*$/, "judge_prompt names a prompt and its version: letters, digits and . @ : / + - _")
    .transform((v) => v || undefined)
    .optional(),
  temperature: optionalNumber("temperature", { min: 0, max: 2 }),
  reasoning_effort: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(REASONING_EFFORTS, { error: `reasoning_effort must be one of ${REASONING_EFFORTS.join(", ")}` }).optional(),
  ),
  /** an agent acting in an environment (tools, steps) rather than one prompt */
  agentic: boolish.optional(),
  tokens_in: optionalNumber("tokens_in", { int: true, min: 0 }),
  tokens_out: optionalNumber("tokens_out", { int: true, min: 0 }),
  code_url: optionalUrl,
  /**
   * repeated runs (issue 34): this file is run number `run` of the system (team, model), a whole
   * number from 1 in plain decimal digits; a system with two or more complete runs on a release is
   * one board row, the mean over every one of them (made private or withdrawn too: issue 47)
   */
  run: runField,
};
export const SystemMeta = z.object(SystemMetaFields).strict();
export type SystemMeta = z.infer<typeof SystemMeta>;
export const SYSTEM_META_KEYS = Object.keys(SystemMetaFields) as (keyof SystemMeta)[];

/**
 * The upload form's optional fields: an empty one is not sent (the form with JavaScript leaves it
 * out; without it the browser sends it as "", which the upload route then leaves out for a
 * browser's own form only — an API client's empty field is refused, naming it).
 */
export const OPTIONAL_UPLOAD_FIELDS = [
  "cost_usd",
  "tokens",
  "runtime_sec",
  "system",
  "site",
  "logs_url",
  ...SYSTEM_META_KEYS,
];

/** Multipart fields of `POST /api/v1/tasks/{b}/{t}/submissions` (form and API share it). */
export const SubmissionFields = z.object({
  ...SystemMetaFields,
  model: displayName("model", 120),
  system: optionalOrBlank(displayName("system", 120)),
  oss: boolish.optional(),
  site: optionalOrBlank(webUrl),
  visibility: z.enum(["public", "private"]).default("public"),
  cost_usd: optionalNumber("cost_usd", { min: 0 }),
  tokens: optionalNumber("tokens", { int: true, min: 0 }),
  runtime_sec: optionalNumber("runtime_sec", { min: 0 }),
  dry_run: boolish.optional(),
  /** the team to file it under (a signed-in member of several teams; send it before the file) */
  team: z.string().trim().max(64).optional(),
  /** a link to the run's logs or trajectories */
  logs_url: optionalOrBlank(webUrl),
  /** @deprecated issue 20's first name for the trajectories' link: read as `logs_url` */
  trajectories_url: optionalOrBlank(webUrl),
});

/** Multipart fields of `POST /api/v1/admin/releases`. */
export const ReleaseFields = z.object({
  task: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, "task must look like benchmark/task"),
  version: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[\w.-]+$/, "version may hold letters, digits, '.', '-' and '_'"),
  notes: z.string().max(5000).optional(),
  hidden: boolish.optional(),
  publish: boolish.optional(),
  synthetic: boolish.optional(),
  /** take metadata fields the file lacks (issue texts, patches, …) from the current release; default true */
  carry_over: boolish.optional(),
});

export const SignupBody = z.object({
  email: z.string().trim().toLowerCase().email("enter a valid email address"),
  password: z.string().min(10, "use at least 10 characters").max(200),
  name: displayName("name", 80),
});

export const InstancesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  outcome: z.string().max(40).optional(),
  release: z.string().max(40).optional(),
});

/** `PATCH /api/v1/submissions/{id}` */
export const SubmissionPatch = z
  .object({
    visibility: z.enum(["public", "private"]).optional(),
    logsUrl: webUrl.nullable().optional(),
    /** the team withdraws it: off every public view for good (admins can restore it), still counted in attempts */
    withdrawn: z.literal(true, { error: "withdrawn can only be true: a withdrawal is final" }).optional(),
    /** amend the system metadata (fields given replace, null clears); the judge is fixed at upload */
    meta: z
      .object(
        // Object.fromEntries loses the keys' types: each field of SystemMeta, nullable
        Object.fromEntries(SYSTEM_META_KEYS.map((k) => [k, SystemMetaFields[k].nullable()])) as {
          [K in keyof SystemMeta]: z.ZodNullable<(typeof SystemMetaFields)[K]>;
        },
      )
      .strict()
      .superRefine((m, ctx) => {
        for (const k of ["judge_model", "judge_prompt"] as const)
          if (k in m)
            ctx.addIssue({
              code: "custom",
              path: [k],
              message: `${k} is fixed at upload: it says how the file's verdicts were produced (upload the file again to change it)`,
            });
        if ("run" in m)
          ctx.addIssue({
            code: "custom",
            path: ["run"],
            message:
              "run is fixed at upload: a run counts in its system's mean for good, made private or withdrawn too (one numbered by mistake is for the maintainers to hide)",
          });
      })
      .optional(),
  })
  .strict()
  .refine(
    (v) => v.visibility !== undefined || v.logsUrl !== undefined || v.withdrawn !== undefined || v.meta !== undefined,
    "send visibility, logsUrl, withdrawn and/or meta",
  );

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date YYYY-MM-DD");
/** `GET /api/v1/admin/activity` filters */
export const ActivityQuery = z.object({
  action: z.string().max(40).optional(),
  actor: z.string().max(200).optional(),
  target: z.string().max(200).optional(),
  task: z.string().max(130).optional(),
  from: day.optional(),
  to: day.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.string().regex(/^\d+$/, "an event id").optional(),
});

/** `GET /api/v1/submissions/{id}/policy` */
export const PolicyQuery = z.object({
  tau: z.coerce.number().min(0).max(1).default(0.5),
  percentile: z.coerce.number().min(0).max(100).default(75),
  release: z.string().max(40).optional(),
});

/** `GET /api/v1/tasks/{b}/{t}/changelog` */
/** The changelog's filters by kind of event (issue 49): everything, releases and re-scores, new entries, the moderation ledger. */
export const CHANGELOG_TYPES = ["all", "releases", "entries", "moderation"] as const;

export const ChangelogQuery = z.object({
  format: z.enum(["json", "atom"]).default("json"),
  /** which kind of event: everything (default), releases and re-scores, new entries, the moderation ledger */
  type: z.enum(CHANGELOG_TYPES).default("all"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** the `next` of the page before: events older than that one */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, "an event id (the `next` of the page before)")
    .optional(),
});

/** `?release=VERSION` (as imported), e.g. on a submission's length buckets */
export const ReleaseQuery = z.object({ release: z.string().max(40).optional() });

/** `/badges/tasks/{benchmark}/{task}/submissions/{id}.svg` */
export const SubmissionBadgeParams = TaskParams.extend({ file: z.string().min(1).max(80) });
/** `/badges/tasks/{benchmark}/{task}/teams/{slug}.svg` */
export const TeamBadgeParams = TaskParams.extend({ file: z.string().min(1).max(80) });

/** `GET /api/v1/submissions/{id}/breakdown`: which attribute, which release */
export const BreakdownQuery = ReleaseQuery.extend({
  by: z
    .string({ error: "by is required: an attribute of the release (GET /api/v1/tasks/{b}/{t}/breakdowns lists them)" })
    .min(1, "by is required")
    .max(40)
    .regex(/^[a-z_]+$/, "by is an attribute key such as repository, difficulty or length"),
});

/** The system metadata among parsed fields: the keys given, nothing undefined (what `submissions.meta` stores). */
export function systemMetaOf(fields: Partial<SystemMeta>): SystemMeta {
  const out: Record<string, unknown> = {};
  for (const k of SYSTEM_META_KEYS) if (fields[k] !== undefined) out[k] = fields[k];
  return out as SystemMeta;
}

/** The dimensions a pivot table crosses (issue 20): system metadata fields and the team. */
export const PIVOT_DIMENSIONS = [
  "agent",
  "base_model",
  "policy_model",
  "judge_model",
  "judge_prompt",
  "reasoning_effort",
  "temperature",
  "agentic",
  "team",
] as const;
const pivotDim = (dflt: (typeof PIVOT_DIMENSIONS)[number]) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? dflt : v),
    z.enum(PIVOT_DIMENSIONS, { error: `pivot on one of ${PIVOT_DIMENSIONS.join(", ")}` }),
  );
/** `GET /api/v1/tasks/{b}/{t}/pivot` and the pivot page: which dimensions, which metric, which release */
export const PivotQuery = ReleaseQuery.extend({
  rows: pivotDim("agent"),
  cols: pivotDim("base_model"),
  /** a metric key of the task (default: its primary metric) */
  metric: optionalOrBlank(
    z
      .string()
      .max(64)
      .regex(/^[\w@.-]*$/, "metric is a metric key"),
  ),
});
export type PivotQuery = z.infer<typeof PivotQuery>;

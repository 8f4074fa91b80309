// Shapes several resources share: the error body, a problem in it, metrics.
import { z } from "zod";
import type { Metrics as MetricsType } from "@/lib/tasks/types";

/** One thing wrong with what was sent: which instance, which field, what was expected. */
export const Problem = z.object({
  instanceId: z.string().optional(),
  field: z.string().optional(),
  line: z.number().int().optional(),
  row: z.number().int().optional(),
  /** JSONPath of the value in a JSON file, or in its line for JSONL: `$[412].input_bounce`, `$["astropy__astropy-12907"].label` */
  path: z.string().optional(),
  message: z.string(),
  expected: z.string().optional(),
});

/** Every error answer: `{ error: { code, message, details } }`; validation failures list `details.problems`. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z
      .looseObject({ problems: z.array(Problem).optional(), problemCount: z.number().int().optional() })
      .optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Metric values by key (nested for multi-part tasks); null where a metric is undefined (0/0). */
export const Metrics: z.ZodType<MetricsType> = z.lazy(() =>
  z.record(z.string(), z.union([z.number(), z.null(), Metrics])),
);

export const iso = z.iso.datetime({ offset: true });

/** Which page of a list an answer is: its number (from 1) and the rows a page holds. */
export const PageFields = {
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
};

/**
 * A path on this site to go to next (after a sign-in, after a page's action): one slash, then no
 * second one or backslash (a browser reads `/\host` as `//host`: another site), and printable
 * ASCII only (no whitespace, no control character, nothing a Location header cannot carry as is:
 * anything else is percent-encoded by a browser before it gets here).
 */
export const SitePath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/, "a path on this site");

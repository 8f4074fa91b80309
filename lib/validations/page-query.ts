import { z } from "zod";

// Pages' views live in their URL's query, parsed leniently: a value that does not parse is dropped
// (the page shows the rest), never a 500. The API parses the same names strictly (422).

/** A page's search params as Next.js gives them. */
export type Search = Record<string, string | string[] | undefined>;

/** a URL value: its first occurrence, trimmed; empty means absent */
const value = (v: unknown) => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === "string" && x.trim() !== "" ? x.trim() : undefined;
};
export const lenient = <T extends z.ZodType>(schema: T) => z.preprocess(value, schema.optional()).catch(undefined);
export const text = (max: number) => lenient(z.string().max(max));
/** a page number: a whole number from 1 (past the last page shows the last) */
export const page = lenient(z.coerce.number().int().min(1).max(1_000_000));

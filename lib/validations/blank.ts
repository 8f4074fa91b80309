import { z } from "zod";

/**
 * `schema`, optional, with an empty string read as absent: a blank form field, an empty query
 * parameter (`?team=`) or an environment variable set to nothing.
 */
export const optionalOrBlank = <S extends z.ZodType>(schema: S) =>
  schema.optional().or(z.literal("").transform(() => undefined));

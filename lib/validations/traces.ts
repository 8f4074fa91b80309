import { z } from "zod";
import { page, text, type Search } from "./page-query";

/** The trace viewer's view: a search within the trace and a page of its steps. */
export const TraceQuery = z.object({
  q: text(200),
  page,
  /** every step closed (`closed`) or open (the default); a search opens the matching steps either way */
  fold: z.enum(["open", "closed"]).optional().catch(undefined),
});
export type TraceQuery = z.infer<typeof TraceQuery>;

/** The trace viewer's view from a URL's query (what does not parse is dropped). */
export const parseTraceQuery = (sp: Search): TraceQuery => TraceQuery.parse(sp);

/** `?download=1` on GET …/predictions/{instance}: the prediction as a file. */
export const PredictionDownloadQuery = z.object({
  download: z.enum(["0", "1"]).optional(),
});

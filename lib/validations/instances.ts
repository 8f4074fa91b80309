import { z } from "zod";
import { lenient, page, text, type Search } from "./page-query";

// The instance explorer's and an instance page's views, all in the URL. Parsed leniently: a value
// that does not parse is dropped (the page shows the rest), never a 500.

/** a share of systems, in percent */
const percent = lenient(z.coerce.number().min(0).max(100));

export const EXPLORER_SORTS = ["position", "share", "difficulty", "disagreement", "id"] as const;
export type ExplorerSort = (typeof EXPLORER_SORTS)[number];

export const ExplorerQuery = z.object({
  release: text(40),
  /** position (release order), share (share of systems right), difficulty (1 − share), disagreement, id */
  sort: lenient(z.enum(EXPLORER_SORTS)),
  dir: lenient(z.enum(["asc", "desc"])),
  page,
  pageSize: lenient(z.coerce.number().int().min(1).max(200)),
  /** search in the id and the summary */
  q: text(200),
  repo: text(200),
  label: text(100),
  length: text(40),
  /** share of systems right, in percent: at least min, at most max */
  min: percent,
  max: percent,
});
export type ExplorerQuery = z.infer<typeof ExplorerQuery>;

export const InstancePageQuery = z.object({
  release: text(40),
  page,
  pageSize: lenient(z.coerce.number().int().min(1).max(200)),
  outcome: lenient(z.enum(["right", "wrong"])),
  team: text(64),
});
export type InstancePageQuery = z.infer<typeof InstancePageQuery>;

/** The explorer's view from a URL's query (what does not parse is dropped). */
export const parseExplorerQuery = (sp: Search): ExplorerQuery => ExplorerQuery.parse(sp);
/** An instance page's view from a URL's query (what does not parse is dropped). */
export const parseInstancePageQuery = (sp: Search): InstancePageQuery => InstancePageQuery.parse(sp);

// Citations of a benchmark's paper and of a leaderboard release, as BibTeX and as CITATION.cff
// (Citation File Format 1.2.0). Pure: the catalog's paper data and the release shown.
import { CATALOG, type PaperPublication } from "@/lib/tasks/catalog";

export interface CitationInput {
  /** `paper`: where the paper appeared; the catalog's entry of `slug` when not given */
  benchmark: { slug: string; name: string; paperTitle: string; paperAuthors: string[]; paper?: PaperPublication };
  task: { slug: string; name: string };
  release: { version: string; publishedAt: string | null };
  /** the leaderboard's address (a permalink to this release) */
  url: string;
  /** when it was read (YYYY-MM-DD) */
  accessed: string;
  /** the newest snapshot of the release: a frozen, content-addressed state to cite (its id is a SHA-256) */
  snapshot?: { id: string; createdAt: string; url: string; hidden?: boolean } | null;
}

const bib = (s: string) => s.replace(/[\\{}]/g, (c) => `\\${c}`).replace(/[&%$#_]/g, (c) => `\\${c}`);
const key = (s: string) => s.replace(/[^a-z0-9]+/gi, "").toLowerCase();

function splitName(full: string): { family: string; given: string } {
  const parts = full.trim().split(/\s+/);
  return { family: parts[parts.length - 1], given: parts.slice(0, -1).join(" ") };
}

/** Where the benchmark's paper appeared: given, or the catalog's. */
export function paperOf(b: CitationInput["benchmark"]): PaperPublication | null {
  return b.paper ?? CATALOG.find((x) => x.slug === b.slug)?.paper ?? null;
}

/** The paper's direct address: its DOI, else its arXiv abstract page. */
export function paperUrlOf(p: PaperPublication | null): string | null {
  if (p?.doi) return `https://doi.org/${p.doi}`;
  if (p?.arxiv) return `https://arxiv.org/abs/${p.arxiv}`;
  return null;
}

/** The paper's BibTeX entry: @inproceedings with its DOI, or an arXiv @misc (eprint), with year and URL. */
function paperEntry(c: CitationInput, paperKey: string): string[] {
  const p = paperOf(c.benchmark);
  const url = paperUrlOf(p);
  const authors = c.benchmark.paperAuthors.map((a) => {
    const n = splitName(a);
    return `${n.family}, ${n.given}`;
  });
  const field = (k: string, v: string) => `  ${k.padEnd(13)} = {${v}},`;
  const fields = [
    field("title", `{${bib(c.benchmark.paperTitle)}}`),
    field("author", bib(authors.join(" and "))),
    ...(p?.booktitle ? [field("booktitle", bib(p.booktitle))] : []),
    ...(p?.publisher ? [field("publisher", bib(p.publisher))] : []),
    ...(p ? [field("year", String(p.year))] : []),
    ...(p?.doi ? [field("doi", p.doi)] : []),
    ...(p?.arxiv ? [field("eprint", p.arxiv), field("archivePrefix", "arXiv"), field("primaryClass", "cs.SE")] : []),
    ...(url ? [field("url", url)] : []),
    `  note          = {${bib(c.benchmark.name)}}`,
  ];
  return [`@${p?.booktitle ? "inproceedings" : "misc"}{${paperKey},`, ...fields, `}`];
}

/** Two BibTeX entries: the paper, and the leaderboard release (with the date it was read). */
export function bibtex(c: CitationInput): string {
  const first = splitName(c.benchmark.paperAuthors[0] ?? c.benchmark.name).family;
  const paperKey = `${key(first)}-${key(c.benchmark.slug)}`;
  return [
    ...paperEntry(c, paperKey),
    ``,
    `@misc{${paperKey}-${key(c.task.slug)}-leaderboard-${key(c.release.version)},`,
    `  title        = {{${bib(`${c.benchmark.name} ${c.task.name} leaderboard, release ${c.release.version}`)}}},`,
    `  howpublished = {\\url{${c.url}}},`,
    `  note         = {Dataset release ${bib(c.release.version)}${c.release.publishedAt ? `, published ${c.release.publishedAt.slice(0, 10)}` : ""}; ${c.snapshot ? `snapshot ${c.snapshot.id} of ${c.snapshot.createdAt.slice(0, 10)}, \\url{${c.snapshot.url}}` : `accessed ${c.accessed}`}. Benchmark: \\cite{${paperKey}}}`,
    `}`,
  ].join("\n");
}

const yaml = (s: string) => JSON.stringify(s); // a JSON string is a valid YAML scalar

/** CITATION.cff of the leaderboard release, with the paper as the preferred citation. */
export function citationCff(c: CitationInput): string {
  const people = (indent: string) =>
    c.benchmark.paperAuthors.map((a) => {
      const n = splitName(a);
      return `${indent}- family-names: ${yaml(n.family)}\n${indent}  given-names: ${yaml(n.given)}`;
    });
  return [
    `cff-version: 1.2.0`,
    `message: ${yaml(`If you use results of this leaderboard, cite the ${c.benchmark.name} paper and the release you used.`)}`,
    `type: dataset`,
    `title: ${yaml(`${c.benchmark.name} ${c.task.name} leaderboard`)}`,
    `version: ${yaml(c.release.version)}`,
    ...(c.release.publishedAt ? [`date-released: ${c.release.publishedAt.slice(0, 10)}`] : []),
    `url: ${yaml(c.url)}`,
    ...(c.snapshot
      ? [
          `identifiers:`,
          `  - type: url`,
          `    value: ${yaml(c.snapshot.url)}`,
          `    description: ${yaml(`snapshot ${c.snapshot.id} (SHA-256 of its manifest), ${c.snapshot.createdAt.slice(0, 10)}`)}`,
        ]
      : []),
    `authors:`,
    ...people("  "),
    ...preferredCitation(c, people("    ")),
    ``,
  ].join("\n");
}

/** CITATION.cff's preferred-citation: the paper, with its year, proceedings, DOI or arXiv id and URL. */
function preferredCitation(c: CitationInput, authors: string[]): string[] {
  const p = paperOf(c.benchmark);
  const url = paperUrlOf(p);
  return [
    `preferred-citation:`,
    `  type: ${p?.booktitle ? "conference-paper" : "article"}`,
    `  title: ${yaml(c.benchmark.paperTitle)}`,
    `  authors:`,
    ...authors,
    ...(p ? [`  year: ${p.year}`] : []),
    ...(p?.booktitle ? [`  collection-title: ${yaml(p.booktitle)}`] : []),
    ...(p?.publisher ? [`  publisher:`, `    name: ${yaml(p.publisher)}`] : []),
    ...(p?.doi ? [`  doi: ${yaml(p.doi)}`] : []),
    ...(p?.arxiv ? [`  identifiers:`, `    - type: other`, `      value: ${yaml(`arXiv:${p.arxiv}`)}`] : []),
    ...(url ? [`  url: ${yaml(url)}`] : []),
  ];
}

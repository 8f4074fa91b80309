/**
 * What a bug report looks like, as Abstain-and-Validate's Table 3 (and Figure 12) compare the bugs
 * abstention attempts with those it abstains on (§7): possible code identifiers, length, a path
 * from the monorepo's root, a possible build rule, Markdown code ticks. The paper gives the
 * measures in words only; the exact rules here are ours, documented in docs/METRICS.md:
 * - a possible code identifier ("based on underscore or capitalization changes"): a word of
 *   letters, digits and underscores with an underscore between two of its characters
 *   (`max_len`, `__init__` is not) or a lower-case letter followed by a capital (`parseJson`,
 *   `getHTTP`); each occurrence counts;
 * - the length: the characters (UTF-16 units) of the title and the description;
 * - the repository root: the paper's monorepo root, `google3/`, at the start of a path;
 * - a possible build rule: a Bazel label, `//path:target` or `//path/to:target`;
 * - Markdown code ticks: three backticks.
 */
export interface ReportTraits {
  identifiers: number;
  chars: number;
  repoRoot: boolean;
  buildRule: boolean;
  codeTicks: boolean;
}

const WORD = /[A-Za-z0-9_]+/g;
const REPO_ROOT = /(?:^|[^A-Za-z0-9_/.-])google3\//;
// (not a URL's "//host:port": no word character or colon before the slashes)
const BUILD_RULE = /(?<![\w:])\/\/[A-Za-z0-9_./-]*:[A-Za-z0-9_.+-]+/;

/** Whether a word reads as code: an inner underscore, or a lower-case letter then a capital. */
export function isCodeIdentifier(word: string): boolean {
  if (!/[A-Za-z]/.test(word)) return false;
  return /[A-Za-z0-9]_+[A-Za-z0-9]/.test(word) || /[a-z][A-Z]/.test(word);
}

/** The traits of one bug report (title and description). */
export function reportTraits(title: string, description = ""): ReportTraits {
  const text = `${title}\n${description}`;
  let identifiers = 0;
  for (const m of text.matchAll(WORD)) if (isCodeIdentifier(m[0])) identifiers++;
  return {
    identifiers,
    chars: title.length + description.length,
    repoRoot: REPO_ROOT.test(text),
    buildRule: BUILD_RULE.test(text),
    codeTicks: text.includes("```"),
  };
}

/** Table 3's row values over a group of reports: means of the counts, shares of the flags. */
export interface ReportTraitsSummary {
  bugs: number;
  identifiers: number;
  chars: number;
  repoRoot: number;
  buildRule: number;
  codeTicks: number;
}

/** The group's means and shares; null for an empty group. */
export function summarizeReportTraits(traits: ReportTraits[]): ReportTraitsSummary | null {
  const n = traits.length;
  if (!n) return null;
  const mean = (f: (t: ReportTraits) => number) => traits.reduce((s, t) => s + f(t), 0) / n;
  return {
    bugs: n,
    identifiers: mean((t) => t.identifiers),
    chars: mean((t) => t.chars),
    repoRoot: mean((t) => (t.repoRoot ? 1 : 0)),
    buildRule: mean((t) => (t.buildRule ? 1 : 0)),
    codeTicks: mean((t) => (t.codeTicks ? 1 : 0)),
  };
}

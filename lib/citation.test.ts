import { describe, expect, it } from "vitest";
import { bibtex, citationCff } from "./citation";
import { CATALOG } from "./tasks/catalog";

const input = {
  benchmark: {
    slug: "bouncerbench",
    name: "BouncerBench",
    paperTitle: "Is Your Automated Software Engineer Trustworthy?",
    paperAuthors: ["Noble Saji Mathews", "Meiyappan Nagappan"],
  },
  task: { slug: "input", name: "Input bouncing" },
  release: { version: "1.0", publishedAt: "2026-11-21T10:00:00.000Z" },
  url: "https://lb.example.org/tasks/bouncerbench/input?release=1.0",
  accessed: "2026-11-22",
};

describe("citations", () => {
  it("BibTeX: the paper (authors as Family, Given) and the release with its permalink and access date", () => {
    const b = bibtex(input);
    expect(b).toContain("@misc{mathews-bouncerbench,");
    expect(b).toContain("author        = {Mathews, Noble Saji and Nagappan, Meiyappan}");
    expect(b).toContain("title         = {{Is Your Automated Software Engineer Trustworthy?}}");
    expect(b).toContain("@misc{mathews-bouncerbench-input-leaderboard-10,");
    expect(b).toContain("howpublished = {\\url{https://lb.example.org/tasks/bouncerbench/input?release=1.0}}");
    expect(b).toContain("Dataset release 1.0, published 2026-11-21; accessed 2026-11-22");
    // braces balance (a BibTeX parser would choke otherwise)
    expect(b.split("{").length).toBe(b.split("}").length);
  });
  it("with a snapshot: the BibTeX names its id and URL instead of an access date; CITATION.cff lists it", () => {
    const id = "ab".repeat(32);
    const snapshot = {
      id,
      createdAt: "2026-11-25T03:41:00.000Z",
      url: `https://lb.example.org/api/v1/snapshots/${id}`,
    };
    const b = bibtex({ ...input, snapshot });
    expect(b).toContain(
      `Dataset release 1.0, published 2026-11-21; snapshot ${id} of 2026-11-25, \\url{${snapshot.url}}`,
    );
    expect(b).not.toContain("accessed");
    expect(b.split("{").length).toBe(b.split("}").length);
    const cff = citationCff({ ...input, snapshot });
    expect(cff).toContain(`identifiers:\n  - type: url\n    value: "${snapshot.url}"`);
    expect(cff).toContain(`snapshot ${id} (SHA-256 of its manifest), 2026-11-25`);
  });
  it("escapes BibTeX specials in titles", () => {
    expect(bibtex({ ...input, benchmark: { ...input.benchmark, paperTitle: "A & B: 100% {fun}" } })).toContain(
      "title         = {{A \\& B: 100\\% \\{fun\\}}}",
    );
  });
  it("CITATION.cff 1.2.0 with the release as version and the paper as preferred citation", () => {
    const c = citationCff(input);
    expect(c).toMatch(/^cff-version: 1\.2\.0\n/);
    expect(c).toContain('version: "1.0"');
    expect(c).toContain("date-released: 2026-11-21");
    expect(c).toContain('  - family-names: "Mathews"\n    given-names: "Noble Saji"');
    expect(c).toContain(
      'preferred-citation:\n  type: article\n  title: "Is Your Automated Software Engineer Trustworthy?"',
    );
  });

  // the four papers of ../seeds: year, venue or arXiv id, DOI where the paper prints one, and a
  // direct URL (never a search); ids as the papers print them (A&V, CI-Bench: their ACM reference
  // lines) or as their arXiv pages give them (BouncerBench, CR-Bench: the copies print none)
  const PAPERS = [
    {
      slug: "bouncerbench",
      type: "misc",
      lines: ["year          = {2025}", "eprint        = {2506.17812}", "archivePrefix = {arXiv}"],
      url: "https://arxiv.org/abs/2506.17812",
    },
    {
      slug: "abstain-validate",
      type: "inproceedings",
      lines: ["year          = {2026}", "doi           = {10.1145/3786583.3786858}", "(ICSE-SEIP '26)"],
      url: "https://doi.org/10.1145/3786583.3786858",
    },
    {
      slug: "ci-bench",
      type: "inproceedings",
      lines: ["year          = {2026}", "doi           = {10.1145/3774748.3787606}", "(ICSE-Companion '26)"],
      url: "https://doi.org/10.1145/3774748.3787606",
    },
    {
      slug: "cr-bench",
      type: "misc",
      lines: ["year          = {2026}", "eprint        = {2603.11078}", "archivePrefix = {arXiv}"],
      url: "https://arxiv.org/abs/2603.11078",
    },
  ];
  it.each(PAPERS)("$slug: BibTeX and CITATION.cff with year, id and a direct URL", (p) => {
    const b = CATALOG.find((x) => x.slug === p.slug)!;
    expect(b.paperUrl).toBe(p.url);
    const c = {
      ...input,
      benchmark: { slug: b.slug, name: b.name, paperTitle: b.paperTitle, paperAuthors: b.paperAuthors },
    };
    const entry = bibtex(c).split("\n\n")[0];
    expect(entry).toMatch(new RegExp(`^@${p.type}\\{`));
    for (const l of p.lines) expect(entry).toContain(l);
    expect(entry).toContain(`url           = {${p.url}}`);
    expect(entry.split("{").length).toBe(entry.split("}").length);
    const cff = citationCff(c);
    expect(cff).toContain(`  url: "${p.url}"`);
    expect(cff).toMatch(/\n {2}year: 202[56]\n/);
  });
  it("no catalog link is a search", () => {
    for (const b of CATALOG) expect(b.paperUrl ?? "").not.toMatch(/search|[?&]query=/);
  });
});

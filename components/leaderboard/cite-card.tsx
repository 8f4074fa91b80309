import { bibtex, citationCff, type CitationInput } from "@/lib/citation";

/** "Cite this leaderboard": BibTeX and CITATION.cff of the paper and the release shown, to copy or download. */
export function CiteCard({ input }: { input: CitationInput }) {
  const bib = bibtex(input);
  const cff = citationCff(input);
  const data = (text: string, type: string) => `data:${type};charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <details className="mt-6 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800" data-testid="cite">
      <summary className="cursor-pointer font-semibold">Cite this leaderboard (BibTeX, CITATION.cff)</summary>
      <p className="mt-2 text-muted">
        Cite the {input.benchmark.name} paper and the release whose numbers you use (release {input.release.version});
        the second entry records the permalink and the date you read it.
      </p>
      {input.snapshot ? (
        <p className="mt-2" data-testid="cite-snapshot">
          Frozen state to cite: snapshot{" "}
          <a href={input.snapshot.url} className="font-mono">
            {input.snapshot.id.slice(0, 12)}…
          </a>{" "}
          of {input.snapshot.createdAt.slice(0, 10)} — its id is the SHA-256 of its manifest; its files (Parquet, CSV)
          hold every row{input.snapshot.hidden ? " (of a hidden release: the board only)" : ", prediction and truth"},
          and <code>npm run cli -- verify {input.snapshot.id.slice(0, 12)}…</code> recomputes them.
        </p>
      ) : null}
      <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-muted">BibTeX</h3>
      <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900" data-testid="bibtex">
        {bib}
      </pre>
      <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-muted">CITATION.cff</h3>
      <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900" data-testid="cff">
        {cff}
      </pre>
      <p className="mt-2 flex gap-4 print:hidden">
        <a
          href={data(bib, "application/x-bibtex")}
          download={`${input.benchmark.slug}-${input.task.slug}-${input.release.version}.bib`}
        >
          Download .bib
        </a>
        <a href={data(cff, "application/x-yaml")} download="CITATION.cff">
          Download CITATION.cff
        </a>
      </p>
    </details>
  );
}

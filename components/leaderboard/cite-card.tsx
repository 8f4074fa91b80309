import { bibtex, citationCff, type CitationInput } from "@/lib/citation";
import { CodeBlock } from "@/components/ui/code-block";

/** The board on screen as its snapshot froze it, or that the freezing is under way (issue 48). */
export interface FrozenState {
  /** the snapshot holds exactly the board on screen (its board version); otherwise it is the last one before */
  exact: boolean;
  /** systems on the board on screen */
  systems: number;
}

/** "Cite this leaderboard": BibTeX and CITATION.cff of the paper and the board shown, to copy or download. */
export function CiteCard({ input, frozen }: { input: CitationInput; frozen?: FrozenState | null }) {
  const bib = bibtex(input);
  const cff = citationCff(input);
  const data = (text: string, type: string) => `data:${type};charset=utf-8,${encodeURIComponent(text)}`;
  return (
    <details className="mt-6 rounded-lg border border-slate-200 p-4 text-sm dark:border-slate-800" data-testid="cite">
      <summary className="cursor-pointer font-semibold">Cite this leaderboard (BibTeX, CITATION.cff)</summary>
      <p className="mt-2 text-muted">
        Cite the {input.benchmark.name} paper and the board whose numbers you use (release {input.release.version})
        {input.snapshot && frozen?.exact
          ? ": the second entry names the snapshot that froze this board, so a reader sees exactly what you saw."
          : "; the second entry records the permalink and the date you read it."}
      </p>
      <SnapshotLine input={input} frozen={frozen ?? null} />
      <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-muted">BibTeX</h3>
      <CodeBlock label="BibTeX" testId="bibtex" className="mt-1">
        {bib}
      </CodeBlock>
      <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-muted">CITATION.cff</h3>
      <CodeBlock label="CITATION.cff" testId="cff" className="mt-1">
        {cff}
      </CodeBlock>
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

/** Which snapshot froze the board on screen: a link to its page (what it holds, its files, verify it). */
function SnapshotLine({ input, frozen }: { input: CitationInput; frozen: FrozenState | null }) {
  const snap = input.snapshot;
  if (!snap) return null;
  const systems = frozen
    ? `${frozen.systems.toLocaleString("en-US")} ${frozen.systems === 1 ? "system" : "systems"}`
    : "";
  const link = (
    <a
      href={snap.url}
      className="font-mono"
      data-testid={frozen?.exact === false ? "cite-snapshot-previous" : "cite-snapshot"}
    >
      {snap.id.slice(0, 12)}…
    </a>
  );
  if (frozen && !frozen.exact)
    return (
      <p className="mt-2" data-testid="cite-snapshot-pending">
        This board changed moments ago and is being frozen (within seconds: reload to cite it). The last frozen state is
        snapshot {link} of {snap.createdAt.slice(0, 16).replace("T", " ")} UTC.
      </p>
    );
  return (
    <p className="mt-2" data-testid="cite-frozen">
      This board as of {snap.createdAt.slice(0, 16).replace("T", " ")} UTC{systems ? `: ${systems}` : ""}, snapshot{" "}
      {link} — its id is the SHA-256 of its manifest, signed by this host; its files hold every row
      {snap.hidden ? " (of a hidden release: the board only)" : ", prediction and truth"}. Its page lists them and
      verifies them in your browser; <code>leaderboard verify {snap.id.slice(0, 12)}…</code> does it offline.
    </p>
  );
}

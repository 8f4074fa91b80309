// /snapshots/{id} – a snapshot's page (issue 48): what it holds, its files, how to cite and verify
// it, and "Verify in this browser". Everything but the verifier itself is in the HTML.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BrowserVerifier } from "@/components/snapshots/browser-verifier";
import { SnapshotFiles, VerifyHowTo } from "@/components/snapshots/snapshot-sections";
import { Card } from "@/components/ui/card";
import { KeyValues } from "@/components/ui/key-values";
import { formatBytes } from "@/lib/format";
import { getDb } from "@/lib/server/db";
import { orNotFound } from "@/lib/server/pages";
import { snapshotPageView } from "@/lib/server/snapshots/page";
import { CodeBlock } from "@/components/ui/code-block";

export const dynamic = "force-dynamic";

type Params = Promise<{ id: string }>;
const ID = /^[0-9a-f]{64}$/;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: ID.test(id) ? `Snapshot ${id.slice(0, 12)}` : "Snapshot" };
}

export default async function SnapshotPage({ params }: { params: Params }) {
  const { id } = await params;
  if (!ID.test(id)) notFound();
  const v = await orNotFound(snapshotPageView(await getDb(), id));
  const m = v.manifest;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Snapshot of {v.taskName}</h1>
        <p className="mt-1 break-all font-mono text-sm" data-testid="snapshot-id">
          {v.id}
        </p>
        <p className="mt-1 text-sm text-muted">
          A frozen, content-addressed state of the board: its id is the SHA-256 of its manifest, which lists the SHA-256
          of every file. <Link href={v.boardHref}>See this board as it was</Link>.
        </p>
      </div>
      <Card title="What it holds">
        <KeyValues
          caption="What the snapshot holds"
          testId="snapshot-facts"
          rows={[
            ["Task", m.task.slug],
            ["Release", `${m.release.version}${m.release.hidden ? " (hidden: the board only)" : ""}`],
            ["Frozen at", m.createdAt.replace("T", " ").slice(0, 19) + " UTC"],
            ["Board rows", `${v.rows} (${v.ranked} ranked)`],
            ["Instances", String(m.release.instanceCount)],
            ["Primary metric", m.task.primaryMetric],
            ["Metrics version", m.metricsVersion],
            ["Rank intervals", `${m.rankIntervals.method}, ${m.rankIntervals.state}`],
            ["Files", `${v.files.length}, ${formatBytes(v.totalBytes)}`],
            ["Why it was made", m.reason],
          ]}
        />
      </Card>
      <Card title="Files">
        <SnapshotFiles v={v} />
      </Card>
      <Card title="Cite it">
        <CodeBlock label="BibTeX of this snapshot" testId="snapshot-bibtex">
          {v.bibtex}
        </CodeBlock>
      </Card>
      <Card title="Verify in this browser">
        <p className="mb-3 text-sm text-muted">
          Your browser downloads the files (or reads a copy you chose), checks every SHA-256 and the host&apos;s
          signature, and recomputes every row — metrics, confidence interval, rank intervals — with the same code the
          server scores with. Nothing is computed by the server.
        </p>
        <noscript>
          <p className="mb-3 text-sm" data-testid="verify-noscript">
            The browser verifier needs JavaScript. Without it, download the files above and run the command below.
          </p>
        </noscript>
        <BrowserVerifier id={v.id} files={v.files.length} rows={v.rows} />
      </Card>
      <Card title="Verify it yourself">
        <VerifyHowTo v={v} />
      </Card>
    </div>
  );
}

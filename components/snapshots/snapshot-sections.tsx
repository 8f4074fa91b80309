// The snapshot page's sections that are plain HTML: its files to download, and how to verify it
// without this site's scripts (the CLI, openssl for the signature).
import { DataTable } from "@/components/ui/data-table";
import { formatBytes } from "@/lib/format";
import type { SnapshotPageFile, SnapshotPageView } from "@/lib/server/snapshots/page";
import { CodeBlock } from "@/components/ui/code-block";

/** Every file with its size, rows and SHA-256, each a download; the signature and keys beside them. */
export function SnapshotFiles({ v }: { v: SnapshotPageView }) {
  const short = v.id.slice(0, 12);
  return (
    <div className="space-y-2">
      <DataTable<SnapshotPageFile>
        rows={v.files}
        rowKey={(f) => f.name}
        caption="The snapshot's files"
        testId="snapshot-files"
        columns={[
          {
            key: "name",
            header: "File",
            rowHeader: true,
            cell: (f) => (
              <a href={f.href} download={`${short}-${f.name}`} className="font-mono" data-testid="snapshot-file-link">
                {f.name}
              </a>
            ),
          },
          { key: "rows", header: "Rows", align: "right", cell: (f) => (f.rows === null ? "—" : f.rows) },
          { key: "bytes", header: "Size", align: "right", cell: (f) => formatBytes(f.bytes) },
          {
            key: "sha256",
            header: "SHA-256",
            cell: (f) => (
              <code className="text-xs" title={f.sha256}>
                {f.sha256.slice(0, 16)}…
              </code>
            ),
          },
        ]}
      />
      <p className="text-sm">
        The host&apos;s signature over <code>manifest.json</code>:{" "}
        <a href={v.signatureHref} download={`${short}-signature.json`} data-testid="snapshot-signature-link">
          signature.json
        </a>
        ; the host&apos;s public keys:{" "}
        <a href={v.keysHref} download="leaderboard-keys.json">
          leaderboard-keys.json
        </a>
        . Keep them with the files to check the copy offline.
      </p>
    </div>
  );
}

/** The commands: the CLI recomputes everything; openssl checks the signature on its own. */
export function VerifyHowTo({ v }: { v: SnapshotPageView }) {
  const api = `${v.base}/api/v1/snapshots/${v.id}`;
  const openssl = [
    `curl -s ${api} -o manifest.json`,
    `curl -s ${api}/signature -o signature.json`,
    `curl -s ${v.base}${v.keysHref} -o keys.json`,
    `jq -r .signature signature.json | base64 -d > manifest.sig`,
    `# the raw 32-byte key of the signature's keyId, wrapped as an Ed25519 SubjectPublicKeyInfo (DER)`,
    `KEY=$(jq -r .keyId signature.json)`,
    `(printf '\\x30\\x2a\\x30\\x05\\x06\\x03\\x2b\\x65\\x70\\x03\\x21\\x00'; \\`,
    `  jq -r --arg k "$KEY" '.keys[] | select(.keyId == $k) | .publicKey' keys.json | base64 -d) > key.der`,
    `openssl pkeyutl -verify -pubin -inkey key.der -keyform DER -rawin -in manifest.json -sigfile manifest.sig`,
  ].join("\n");
  return (
    <div className="space-y-3 text-sm">
      <p>
        Everything the browser verifier checks, from a terminal (the CLI package or a checkout of this repository):
        every file&apos;s SHA-256 against the manifest, the manifest&apos;s against the id, and every row recomputed.
      </p>
      <CodeBlock label="The command that verifies it" testId="verify-cli">
        {`leaderboard verify ${api}\n# or, in a checkout: npm run cli -- verify ${api}`}
      </CodeBlock>
      <p>
        The signature alone, with openssl (3.0 or newer): it says <code>Signature Verified Successfully</code> when the
        manifest is the one this host signed.
      </p>
      <CodeBlock label="The openssl commands that check the signature" testId="verify-openssl">
        {openssl}
      </CodeBlock>
    </div>
  );
}

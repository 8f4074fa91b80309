// The browser's verifier (issue 48, /snapshots/{id}): what its Web Worker runs, with no DOM in it.
// The snapshot's files through `read` (downloaded from the host, or a copy chosen from disk), the
// same verifySnapshot the CLI runs (every SHA-256, both formats, every row recomputed with
// lib/metrics, the rank intervals), the host's Ed25519 signature over the manifest's bytes, and one
// line that says how it ended: `✓ N of N rows`, or `✗ …` naming what differs.
import { verifySignature, type SignatureVerdict } from "./signature";
import { verifySnapshot, type ReadFile, type Verdict, type VerifyListener } from "./verify";

/** What the worker tells the page, in order. */
export type VerifyMessage =
  | { type: "fetched"; name: string; bytes: number; done: number; total: number }
  | { type: "line"; line: string; kind: "manifest" | "file" | "row" | "check" | "signature" }
  | { type: "rows"; done: number; total: number }
  | { type: "done"; ok: boolean; result: string; signature: string }
  | { type: "error"; message: string };

/** The signature and the host's keys as JSON (text or parsed), or why there are none. */
export type SignatureSource = () => Promise<{ signature: unknown; keys: unknown } | string>;

/** A snapshot file's name in a downloaded copy: as served ("<12 hex of the id>-board.csv.gz") or as named. */
export function snapshotFileName(fileName: string): string {
  return fileName.replace(/^[0-9a-f]{12}-/, "").replace(/ \(\d+\)(?=\.)/, "");
}

/** The signature's line: which key signed, or what is wrong. */
export function signatureLine(v: SignatureVerdict | string): string {
  if (typeof v === "string") return `✗ signature: ${v}`;
  if (!v.ok) return `✗ signature: ${v.problem ?? "does not verify"}`;
  return `✓ signature: the manifest is signed by the host's key ${v.keyId}${v.retired ? ` (retired ${v.retired.slice(0, 10)}; its signatures stay valid)` : ""}`;
}

/**
 * How a verification ended, in one line: `✓ N of N rows` when every check passed (the signature
 * among them), else `✗ ` and what differs — the files, rows or checks that failed (the first few
 * by name), and how many rows recomputed.
 */
export function verifySummary(v: Pick<Verdict, "ok" | "lines" | "rows">, signature: string): string {
  const failed = [...v.lines, signature].filter((l) => l.startsWith("✗")).map((l) => l.slice(2));
  if (!failed.length) return `✓ ${v.rows.ok} of ${v.rows.total} rows`;
  const shown = failed.slice(0, 3).join("; ");
  const more = failed.length > 3 ? ` (and ${failed.length - 3} more)` : "";
  const rows = v.rows.total ? ` — ${v.rows.ok} of ${v.rows.total} rows recomputed equal` : "";
  return `✗ ${shown}${more}${rows}`;
}

/**
 * Verifies a snapshot and its signature, telling `post` as it goes; ends with a "done" message.
 * `id`, when known (the page's), must be the manifest's SHA-256.
 */
export async function runVerification(
  read: ReadFile,
  id: string | undefined,
  signatureOf: SignatureSource,
  post: (m: VerifyMessage) => void,
): Promise<void> {
  const listen: VerifyListener = {
    line: (line, kind) => post({ type: "line", line, kind }),
    rows: (done, total) => post({ type: "rows", done, total }),
  };
  try {
    const verdict = await verifySnapshot(read, id, listen);
    let signature: string;
    try {
      const source = await signatureOf();
      signature = signatureLine(
        typeof source === "string"
          ? source
          : await verifySignature(await read("manifest.json"), source.signature, source.keys),
      );
    } catch (e) {
      signature = `✗ signature: ${(e as Error).message}`;
    }
    post({ type: "line", line: signature, kind: "signature" });
    const result = verifySummary(verdict, signature);
    post({ type: "done", ok: result.startsWith("✓"), result, signature });
  } catch (e) {
    const message = (e as Error).message;
    post({ type: "error", message });
    post({ type: "done", ok: false, result: `✗ ${message}`, signature: "" });
  }
}

// What the verifier needs to read a snapshot's files, in a browser as in Node (issue 48): SHA-256
// through WebCrypto and gunzip through DecompressionStream, both global in Node ≥ 18 and in every
// current browser and worker. format.ts writes the files with node:crypto and node:zlib; nothing
// here imports a Node module, so the browser's Web Worker runs the same verifier as the CLI.
import Papa from "papaparse";

/** The hex SHA-256 of some bytes (WebCrypto). */
export async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The bytes a gzip stream holds (DecompressionStream). @throws on a stream that is not gzip */
export async function gunzip(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Text as UTF-8, as the manifest and the CSV files are written. */
export const utf8 = (data: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(data);

/** The rows of a CSV as format.ts's csvGz writes it, as strings (an empty cell is null). */
export function parseCsv(text: string): Record<string, string | null>[] {
  const parsed = Papa.parse<Record<string, string>>(text.trimEnd(), { header: true, skipEmptyLines: false });
  return parsed.data.map((r) => {
    const row: Record<string, string | null> = {};
    for (const k in r) row[k] = r[k] === "" ? null : r[k];
    return row;
  });
}

/** The rows of a gzipped CSV written by format.ts's csvGz (format.ts's readCsvGz, without node:zlib). */
export async function readCsvGz(data: Uint8Array): Promise<Record<string, string | null>[]> {
  return parseCsv(utf8(await gunzip(data)));
}

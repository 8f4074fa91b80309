// A table's gzipped CSV written in parts (issue 48): the header once, then each part's rows as a
// raw DEFLATE stream of its own (./gzip-join.ts). The predictions file of a snapshot is one part
// per submission, each written once when first snapshotted and reused by every later snapshot
// while that submission's score stands. Joined, the parts read as one csv.gz like csvGz's.
import zlib from "node:zlib";
import Papa from "papaparse";
import { crc32, GZIP_HEADER, gzipTrailer, type PartSums } from "./gzip-join";
import type { Table } from "./format";

/** A compressed part and its sums. */
export interface DeflatedPart extends PartSums {
  data: Buffer;
  rows: number;
}

/** Text compressed as a part: raw DEFLATE ended by a sync flush, so the next part may follow it. */
export function deflatePart(text: string, rows: number): DeflatedPart {
  const raw = Buffer.from(text);
  const data = zlib.deflateRawSync(raw, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { data, crc32: crc32(raw), rawSize: raw.length, rows };
}

/** The header row of a table's CSV, as a part. */
export function headerPart(columns: Table["columns"]): DeflatedPart {
  return deflatePart(`${Papa.unparse([columns.map((c) => c.name)])}\r\n`, 0);
}

/** Rows of a table's CSV (no header), as a part; each row ends with CRLF, as Papa writes them. */
export function rowsPart(columns: Table["columns"], rows: Table["rows"]): DeflatedPart {
  if (!rows.length) return deflatePart("", 0);
  const text = Papa.unparse(
    { fields: columns.map((c) => c.name), data: rows.map((r) => columns.map((c) => r[c.name] ?? "")) },
    { header: false },
  );
  return deflatePart(`${text}\r\n`, rows.length);
}

/** The gzip header and trailer around these parts: the whole file is header, parts…, trailer. */
export function gzipEnds(parts: PartSums[]): { head: Buffer; tail: Buffer } {
  return { head: Buffer.from(GZIP_HEADER), tail: Buffer.from(gzipTrailer(parts)) };
}

// Parts compressed apart, joined into one gzip file (issue 48): the joined bytes are an ordinary
// single-member gzip that Node's zlib (which checks the CRC-32 and length) and Python's gzip read
// as the parts' text one after the other; the combined CRC-32 equals the CRC-32 of the whole.
import { spawnSync } from "node:child_process";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32, crc32Combine, GZIP_HEADER, gzipTrailer } from "./gzip-join";
import { deflatePart, gzipEnds, headerPart, rowsPart } from "./parts";
import { csvGz, PREDICTION_COLUMNS, readCsvGz } from "./format";

/** A deterministic text of `n` lines. */
const text = (n: number, seed: number) =>
  Array.from({ length: n }, (_, i) => `${seed},${(i * 7919 + seed) % 1013},"{""x"":${i}}"\r\n`).join("");

describe("gzip parts joined", () => {
  it("crc32 agrees with the standard check value, and combining equals the CRC of the whole", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    const a = Buffer.from(text(500, 1));
    const b = Buffer.from(text(70_000, 2)); // longer than 2^20 bytes: many squarings
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(Buffer.concat([a, b])));
    expect(crc32Combine(crc32(a), crc32(Buffer.alloc(0)), 0)).toBe(crc32(a));
  });

  it("reads as the parts' text in order, empty parts included, in Node and in Python", () => {
    const texts = [text(3, 1), "", text(20_000, 2), text(1, 3), "x".repeat(70_000)];
    const parts = texts.map((t) => deflatePart(t, 0));
    const file = Buffer.concat([GZIP_HEADER, ...parts.map((p) => p.data), gzipTrailer(parts)]);
    expect(zlib.gunzipSync(file).toString()).toBe(texts.join(""));
    const py = spawnSync(
      "python3",
      ["-c", "import gzip,sys; sys.stdout.write(gzip.decompress(sys.stdin.buffer.read()).decode())"],
      {
        input: file,
        maxBuffer: 1 << 26,
      },
    );
    if (py.error) return; // no python3 on this machine: Node's check above stands
    expect(py.status, py.stderr?.toString()).toBe(0);
    expect(py.stdout.toString()).toBe(texts.join(""));
  });

  it("a table written in parts reads as the same rows as csvGz writes in one piece", () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      submission_id: `s${i % 3}`,
      instance_id: `i${i}`,
      prediction_json: JSON.stringify({ label: i % 2 ? "VAGUE" : 'WELL, "quoted"' }),
      correct: i % 5 === 0 ? null : i % 2 === 0,
    }));
    const parts = [
      headerPart(PREDICTION_COLUMNS),
      ...[0, 1, 2].map((k) =>
        rowsPart(
          PREDICTION_COLUMNS,
          rows.filter((r) => r.submission_id === `s${k}`),
        ),
      ),
    ];
    const { head, tail } = gzipEnds(parts);
    const joined = Buffer.concat([head, ...parts.map((p) => p.data), tail]);
    const ordered = [0, 1, 2].flatMap((k) => rows.filter((r) => r.submission_id === `s${k}`));
    expect(readCsvGz(joined)).toEqual(
      readCsvGz(csvGz({ name: "predictions", columns: PREDICTION_COLUMNS, rows: ordered })),
    );
    expect(parts.slice(1).reduce((n, p) => n + p.rows, 0)).toBe(300);
  });
});

import { describe, expect, it } from "vitest";
import { csvGz, readCsvGz as readCsvGzNode, sha256, type Table } from "./format";
import { gunzip, parseCsv, readCsvGz, sha256Hex, utf8 } from "./tables";

const table: Table = {
  name: "t",
  columns: [
    { name: "id", type: "STRING" },
    { name: "n", type: "DOUBLE" },
    { name: "json", type: "STRING" },
  ],
  rows: [
    { id: "a", n: 0.5, json: '{"x":"a, \\"b\\"\\nc"}' },
    { id: "b", n: null, json: null },
    { id: "ünï", n: -1e-9, json: "[]" },
  ],
};

describe("the verifier's readers (WebCrypto, DecompressionStream)", () => {
  it("read a table written by format.ts exactly as the Node reader does", async () => {
    const gz = csvGz(table);
    expect(await readCsvGz(gz)).toEqual(readCsvGzNode(gz));
    expect((await readCsvGz(gz))[1]).toEqual({ id: "b", n: null, json: null });
    expect(utf8(await gunzip(gz))).toMatch(/^id,n,json\r?\n/);
  });

  it("hash as node:crypto does", async () => {
    for (const b of [new Uint8Array(0), csvGz(table), new Uint8Array(100_000).fill(7)])
      expect(await sha256Hex(b)).toBe(sha256(b));
  });

  it("refuse what is not gzip or not UTF-8", async () => {
    await expect(gunzip(new TextEncoder().encode("plain text"))).rejects.toThrow();
    expect(() => utf8(new Uint8Array([0xff, 0xfe, 0xfd]))).toThrow();
    expect(parseCsv("a,b\n1,\n")).toEqual([{ a: "1", b: null }]);
  });
});

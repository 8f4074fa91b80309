import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseCoding, encodeBody, varyWithEncoding } from "./encodings";

const html = Buffer.from(
  `<!DOCTYPE html><table>${Array.from({ length: 400 }, (_, i) => `<tr><td class="num">${i}</td><td>row ${i}</td></tr>`).join("")}</table>`,
);

describe("stored encodings of a cached answer", () => {
  it("brotli and gzip copies that decode to the body, each smaller than it", async () => {
    const e = await encodeBody(html, "text/html; charset=utf-8");
    expect(zlib.brotliDecompressSync(e.br!).equals(html)).toBe(true);
    expect(zlib.gunzipSync(e.gzip!).equals(html)).toBe(true);
    expect(e.br!.length).toBeLessThan(html.length / 5);
    expect(e.gzip!.length).toBeLessThan(html.length / 5);
    const json = Buffer.from(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ rank: i })) }));
    expect(Object.keys(await encodeBody(json, "application/json"))).toEqual(["br", "gzip"]);
  });

  it("nothing for short bodies, for types that do not compress, or without a type", async () => {
    expect(await encodeBody(Buffer.from("{}"), "application/json")).toEqual({});
    expect(await encodeBody(html, "image/png")).toEqual({});
    expect(await encodeBody(html, null)).toEqual({});
  });

  it("a copy that is not smaller is not kept", async () => {
    // random bytes: both codings' framing makes them longer
    expect(await encodeBody(crypto.randomBytes(4096), "text/plain")).toEqual({});
  });
});

describe("choosing the coding of an answer", () => {
  const both = { br: Buffer.from("b"), gzip: Buffer.from("g") };
  it("follows Accept-Encoding's weights; brotli on a tie; identity without the header", () => {
    expect(chooseCoding(null, both)).toBeNull();
    expect(chooseCoding("", both)).toBeNull();
    expect(chooseCoding("gzip, deflate, br, zstd", both)).toBe("br");
    expect(chooseCoding("gzip, deflate", both)).toBe("gzip");
    expect(chooseCoding("br;q=0.5, gzip;q=0.9", both)).toBe("gzip");
    expect(chooseCoding("GZIP;Q=1", both)).toBe("gzip");
    expect(chooseCoding("identity", both)).toBeNull();
  });

  it("q=0 refuses a coding; * stands for those not named", () => {
    expect(chooseCoding("br;q=0, gzip;q=0", both)).toBeNull();
    expect(chooseCoding("*", both)).toBe("br");
    expect(chooseCoding("br;q=0, *", both)).toBe("gzip");
    expect(chooseCoding("*;q=0", both)).toBeNull();
    expect(chooseCoding("gzip;q=nonsense", both)).toBeNull();
  });

  it("only what is stored", () => {
    expect(chooseCoding("br", { gzip: both.gzip })).toBeNull();
    expect(chooseCoding("br, gzip", { gzip: both.gzip })).toBe("gzip");
    expect(chooseCoding("br, gzip", {})).toBeNull();
  });

  it("Vary names Accept-Encoding once", () => {
    expect(varyWithEncoding(null)).toBe("Accept-Encoding");
    expect(varyWithEncoding("rsc, Accept-Encoding")).toBe("rsc, Accept-Encoding");
    expect(varyWithEncoding("rsc, accept-encoding")).toBe("rsc, accept-encoding");
    expect(varyWithEncoding("rsc")).toBe("rsc, Accept-Encoding");
  });
});

// Writes the site's icons into public/ (run once; the outputs are committed): a podium of three
// bars in white on the site's sky-700, as SVG, PNGs (32, 180, 192, 512 px) and favicon.ico.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "public");
const BG = [3, 105, 161]; // sky-700
const FG = [255, 255, 255];
// bars in a 16×16 design grid: [x0, x1, top] (bottom at 13)
const BARS = [
  [2, 5, 8],
  [6.5, 9.5, 3],
  [11, 14, 6],
];

function pixel(x, y, n) {
  const u = ((x + 0.5) / n) * 16;
  const v = ((y + 0.5) / n) * 16;
  // rounded square background (radius 3)
  const r = 3;
  const cx = Math.min(Math.max(u, r), 16 - r);
  const cy = Math.min(Math.max(v, r), 16 - r);
  if ((u - cx) ** 2 + (v - cy) ** 2 > r * r) return [0, 0, 0, 0];
  for (const [x0, x1, top] of BARS) if (u >= x0 && u <= x1 && v >= top && v <= 13) return [...FG, 255];
  return [...BG, 255];
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(n) {
  const raw = Buffer.alloc((n * 4 + 1) * n);
  for (let y = 0; y < n; y++) {
    raw[y * (n * 4 + 1)] = 0;
    for (let x = 0; x < n; x++) Buffer.from(pixel(x, y, n)).copy(raw, y * (n * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(n, 0);
  ihdr.writeUInt32BE(n, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
function ico(pngs) {
  const head = Buffer.alloc(6);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const dir = pngs.map(({ n, data }) => {
    const e = Buffer.alloc(16);
    e[0] = n >= 256 ? 0 : n;
    e[1] = n >= 256 ? 0 : n;
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([head, ...dir, ...pngs.map((p) => p.data)]);
}

fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "favicon.ico"), ico([16, 32, 48].map((n) => ({ n, data: png(n) }))));
for (const [name, n] of [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  ["apple-touch-icon.png", 180],
])
  fs.writeFileSync(path.join(out, name), png(n));
const bars = BARS.map(
  ([x0, x1, top]) => `<rect x="${x0}" y="${top}" width="${x1 - x0}" height="${13 - top}" fill="#fff"/>`,
).join("");
fs.writeFileSync(
  path.join(out, "favicon.svg"),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0369a1"/>${bars}</svg>\n`,
);
console.log("icons written to", out);

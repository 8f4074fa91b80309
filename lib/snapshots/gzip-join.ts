// One gzip file out of parts compressed apart (issue 48), as pigz joins its blocks: each part is a
// raw DEFLATE stream ended with a sync flush (byte-aligned, no final block), so parts written once
// — a submission's predictions, when it is scored — are laid side by side under one gzip header
// and closed with an empty final block and the CRC-32 and length of the whole, which are combined
// from the parts' own (zlib's crc32_combine). The result is an ordinary single-member gzip file
// that any tool reads, built without decompressing or compressing anything again. Pure: no I/O.

/** A part as the join needs it: its CRC-32 and length before compression. */
export interface PartSums {
  crc32: number;
  rawSize: number;
}

/** The gzip header: DEFLATE, no flags, no time, no name (the same parts give the same bytes). */
export const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff);

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (the gzip one) of bytes, continuing from `crc`. */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** A 32×32 matrix over GF(2) times a vector. */
function times(mat: Uint32Array, vec: number): number {
  let sum = 0;
  for (let i = 0; vec; vec >>>= 1, i++) if (vec & 1) sum ^= mat[i];
  return sum >>> 0;
}

function square(out: Uint32Array, mat: Uint32Array): void {
  for (let n = 0; n < 32; n++) out[n] = times(mat, mat[n]);
}

/** The CRC-32 of A followed by B from crc(A), crc(B) and B's length (zlib's crc32_combine). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320; // the operator for one zero bit
  for (let n = 1, row = 1; n < 32; n++, row <<= 1) odd[n] = row >>> 0;
  square(even, odd); // two zero bits
  square(odd, even); // four
  let crc = crcA >>> 0;
  let len = lengthB;
  do {
    square(even, odd);
    if (len % 2) crc = times(even, crc);
    len = Math.floor(len / 2);
    if (!len) break;
    square(odd, even);
    if (len % 2) crc = times(odd, crc);
    len = Math.floor(len / 2);
  } while (len);
  return (crc ^ crcB) >>> 0;
}

/**
 * The end of a gzip file whose parts have these sums: an empty final DEFLATE block, then the
 * CRC-32 and the length (mod 2³²) of everything, little-endian.
 */
export function gzipTrailer(parts: PartSums[]): Uint8Array {
  let crc = 0;
  let size = 0;
  for (const p of parts) {
    crc = crc32Combine(crc, p.crc32, p.rawSize);
    size += p.rawSize;
  }
  const out = new Uint8Array(10);
  out[0] = 0x03; // BFINAL = 1, fixed Huffman, end of block at once
  out[1] = 0x00;
  const view = new DataView(out.buffer);
  view.setUint32(2, crc >>> 0, true);
  view.setUint32(6, size % 2 ** 32, true);
  return out;
}

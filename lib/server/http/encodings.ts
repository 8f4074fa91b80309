// Compressed copies of a cached answer, made once when it is stored (response-cache.ts), and the
// choice among them per request. A board page is ~500 KB of HTML and ~60 KB gzipped: compressing
// it per request (Next.js does, for answers that are not encoded yet) costs every reader a few
// milliseconds of CPU; a stored copy costs the copy.
import { promisify } from "node:util";
import zlib from "node:zlib";

export type Coding = "br" | "gzip";
/** A body's encoded copies, by content coding. */
export type Encoded = Partial<Record<Coding, Buffer>>;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Below this many bytes an encoded copy saves less than its headers and its CPU (Next.js's threshold too). */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|ld\+json|xml|javascript|x-ndjson)|image\/svg\+xml)/i;

/**
 * The compressed copies of a body worth storing: brotli (quality 5: within a few percent of the
 * best ratio at a small fraction of its time) and gzip (level 6), each kept only when smaller.
 * Nothing for short bodies or types that do not compress (images, archives).
 */
export async function encodeBody(body: Buffer, contentType: string | null): Promise<Encoded> {
  if (body.length < MIN_BYTES || !contentType || !COMPRESSIBLE.test(contentType)) return {};
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(body, { level: 6 }),
  ]);
  const out: Encoded = {};
  if (br.length < body.length) out.br = br;
  if (gz.length < body.length) out.gzip = gz;
  return out;
}

/**
 * The content codings an Accept-Encoding header accepts, with their weights (RFC 9110 §12.5.3):
 * `*` stands for any coding not named; q=0 refuses.
 */
function accepted(header: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    out.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return out;
}

/**
 * The stored coding to answer with: the one the request accepts with the highest weight (brotli
 * first on a tie, as it is the smaller), or null for the identity body (no header, nothing stored
 * it accepts).
 */
export function chooseCoding(acceptEncoding: string | null, stored: Encoded): Coding | null {
  if (!acceptEncoding) return null;
  const weights = accepted(acceptEncoding);
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of ["br", "gzip"] as const) {
    if (!stored[coding]) continue;
    const w = weights.get(coding) ?? weights.get("*") ?? 0;
    if (w > bestWeight) [best, bestWeight] = [coding, w];
  }
  return best;
}

/** A Vary header value with Accept-Encoding in it (kept once, whatever the case). */
export function varyWithEncoding(vary: string | null): string {
  if (!vary) return "Accept-Encoding";
  const names = vary.split(",").map((v) => v.trim());
  return names.some((v) => v.toLowerCase() === "accept-encoding") ? vary : `${vary}, Accept-Encoding`;
}

// Trace and explanation text of a submission, and its text sketch (issue 34), pure.
//
// Overlap between two teams' traces is measured by the Jaccard similarity of their sets of
// 5-word shingles, estimated by bottom-k MinHash (k = 256). Written here rather than taken from
// npm: `minhash` (0.0.9) is unmaintained, and `bloom-filters`' MinHash draws its permutations at
// random per factory, so signatures stored by one process cannot be compared with another's.
// What is hashed is a sample, so that one audit stays within its time budget:
// - only the kind's storage-only fields (traces, reasoning: what a scorer never reads) count as
//   text; a kind without them has no traces, and its predictions are compared as predictions;
// - of each instance, the first 8 KB of that text;
// - of the shingles, one in four (those whose hash is 0 mod 4: the same ones in every
//   submission, so the sample of two copies is the same sample);
// - boilerplate is dropped: a shingle found in more than 2% of a submission's instances (a
//   scaffold's system prompt, "the issue is well-specified") says nothing about copying;
// - so is what the agent was given: the instance's id, and shingles of its public metadata (an
//   agent's trajectory quotes the issue; two that do have not copied each other).
import { bottomK, mix32, sketchJaccard } from "./fingerprint";

/** Entries of a text sketch. */
export const TEXT_SKETCH_K = 256;
const WORDS = 5;
const SAMPLE_MASK = 3;
const HEAD_CHARS = 8192;

/** The string leaves of a prediction's storage-only fields (traces), joined by newlines. */
export function traceText(data: Record<string, unknown>, fields: readonly string[], max = Infinity): string {
  const out: string[] = [];
  let size = 0;
  const walk = (v: unknown) => {
    if (size >= max) return;
    if (typeof v === "string") {
      out.push(v);
      size += v.length + 1;
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  for (const f of fields) walk(data[f]);
  const text = out.join("\n");
  return text.length > max ? text.slice(0, max) : text;
}

/** FNV-1a hashes of a text's words (letters, digits, _; ASCII folded to lower case), of its first `max` characters. */
function wordHashes(t: string, max: number): Uint32Array {
  const n = Math.min(t.length, max);
  const out = new Uint32Array((n >> 1) + 1);
  let m = 0;
  let h = 0x811c9dc5;
  let inWord = false;
  for (let i = 0; i <= n; i++) {
    let c = i < n ? t.charCodeAt(i) : 32;
    const word = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c > 127;
    if (word) {
      if (c >= 65 && c <= 90) c += 32;
      h = Math.imul(h ^ c, 0x01000193);
      inWord = true;
    } else if (inWord) {
      out[m++] = h >>> 0;
      h = 0x811c9dc5;
      inWord = false;
    }
  }
  return out.subarray(0, m);
}

/** The sampled 5-word shingles of a text's first `max` characters, each passed to `emit`. */
function shingles(t: string, max: number, emit: (s: number) => void): void {
  const words = wordHashes(t, max);
  for (let i = 0; i + WORDS <= words.length; i++) {
    let s = 0;
    for (let j = 0; j < WORDS; j++) s = mix32((Math.imul(s, 31) + words[i + j]) >>> 0);
    if (!(s & SAMPLE_MASK)) emit(s);
  }
}

/** The sampled shingles of text an agent may quote freely (an instance's public metadata: the issue, the files). */
export function publicShingles(text: string, max = 1 << 16): Set<number> {
  const out = new Set<number>();
  shingles(text, max, (s) => out.add(s));
  return out;
}

/**
 * A submission's text sketch (bottom-k of its sampled shingles) and how many distinct shingles it
 * kept. Per instance, the instance's id is taken out of its trace (a template that only names the
 * instance is no authored text), and shingles of its public text (`quoted`) are dropped: two
 * agents that both quote the issue did not copy each other.
 */
export function sketchTexts(items: { id: string; text: string; quoted?: Set<number> }[]): {
  sketch: Uint32Array;
  shingles: number;
} {
  let buf = new Uint32Array(1 << 14);
  let n = 0;
  for (const { id, text, quoted } of items) {
    shingles(text.split(id).join(" "), HEAD_CHARS, (s) => {
      if (quoted?.has(s)) return;
      if (n === buf.length) {
        const grown = new Uint32Array(n * 2);
        grown.set(buf);
        buf = grown;
      }
      buf[n++] = s;
    });
  }
  const all = buf.subarray(0, n).sort();
  // boilerplate: in more than 2% of the instances (counted as occurrences: a shingle repeated
  // within one trace is dropped as well)
  const cap = Math.max(3, Math.ceil(items.length * 0.02));
  const kept: number[] = [];
  for (let i = 0; i < n;) {
    let j = i;
    while (j < n && all[j] === all[i]) j++;
    if (j - i <= cap) kept.push(mix32(all[i] ^ 0x5bd1e995));
    i = j;
  }
  return { sketch: bottomK(Uint32Array.from(kept), TEXT_SKETCH_K), shingles: kept.length };
}

/** Estimated Jaccard similarity of two submissions' traces (null: either has no text). */
export function textSimilarity(a: Uint32Array | null, b: Uint32Array | null): number | null {
  return a && b ? sketchJaccard(a, b, TEXT_SKETCH_K) : null;
}

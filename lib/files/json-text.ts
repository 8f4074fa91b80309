/** Helpers for reading JSON text with useful positions. */

/** 1-based line and column of a character offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}

/** JSON.parse with an error message that names the line and column. */
export function parseJsonWithPosition(
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string; line?: number } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const msg = (e as Error).message;
    const m = /position (\d+)/.exec(msg);
    if (m) {
      const { line, column } = lineColumnAt(text, Number(m[1]));
      return {
        ok: false,
        message: `malformed JSON at line ${line}, column ${column}: ${msg.replace(/ in JSON at position.*$/, "")}`,
        line,
      };
    }
    return { ok: false, message: `malformed JSON: ${msg}` };
  }
}

/**
 * The keys of a top-level JSON object in file order, with their lines — JSON.parse silently
 * keeps only the last of duplicate keys, so duplicates are found here. `text` must be valid JSON.
 */
export function topLevelKeys(text: string): { key: string; line: number }[] {
  const out: { key: string; line: number }[] = [];
  let depth = 0;
  let line = 1;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    else if (c === 34 /* " */) {
      const start = i;
      i++;
      while (i < text.length && text.charCodeAt(i) !== 34) {
        if (text.charCodeAt(i) === 92 /* \ */) i++;
        i++;
      }
      if (depth === 1 && expectKey) {
        out.push({ key: JSON.parse(text.slice(start, i + 1)) as string, line });
        expectKey = false;
      }
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
      if (depth === 1 && c === 123) expectKey = true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
    else if (c === 44 /* , */ && depth === 1) expectKey = true;
  }
  return out;
}

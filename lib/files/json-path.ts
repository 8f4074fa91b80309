/**
 * JSONPath spellings of where a value sits in an uploaded file (lib/errors.ts `Problem.path`):
 * `$` is the whole file (JSON) or the line (JSONL); `[412]` an array element (0-based);
 * `.input_bounce` a key that is an identifier, `["astropy__astropy-12907"]` any other key.
 */

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** A field as the task kinds name them: `input_bounce`, `comments[0].file`, `[2].judgment`. */
const FIELD_PATH = /^(?:[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\])(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[\d+\])*$/;

/** `base` then a key. @example keyPath("$", "a-1") // '$["a-1"]' */
export function keyPath(base: string, key: string): string {
  return IDENTIFIER.test(key) ? `${base}.${key}` : `${base}[${JSON.stringify(key)}]`;
}

/** `base` then a 0-based array index. @example indexPath("$", 412) // "$[412]" */
export function indexPath(base: string, index: number): string {
  return `${base}[${index}]`;
}

/** `base` then a sequence of keys and indices (numbers are indices). */
export function segmentsPath(base: string, segments: readonly (string | number)[]): string {
  return segments.reduce<string>((p, s) => (typeof s === "number" ? indexPath(p, s) : keyPath(p, s)), base);
}

/**
 * An entry's path extended with the field a problem names: a kind's field (`input_bounce`,
 * `comments[0].file`) is appended as written, any other name as one key; no field: the entry.
 * @example fieldPath("$[412]", "input_bounce") // "$[412].input_bounce"
 * @example fieldPath('$["a-1"]', "comments[0].file") // '$["a-1"].comments[0].file'
 */
export function fieldPath(base: string, field?: string): string {
  if (!field) return base;
  if (!FIELD_PATH.test(field)) return keyPath(base, field);
  return field.startsWith("[") ? base + field : `${base}.${field}`;
}

/**
 * A path relative to an entry (`$` is the entry, as a kind may give it) rebased on the entry's
 * own path in the file. @example rebasePath("$[3]", "$[0].judgment") // "$[3][0].judgment"
 */
export function rebasePath(base: string, relative: string): string {
  return relative.startsWith("$") ? base + relative.slice(1) : fieldPath(base, relative);
}

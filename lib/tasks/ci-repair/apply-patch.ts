/** Unified diffs: parsing and applying them to file contents (exact context, any offset), with jsdiff. */
import { applyPatch as jsdiffApply, parsePatch, type StructuredPatch } from "diff";

export interface HunkLine {
  op: " " | "-" | "+";
  text: string;
}

export interface Hunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: HunkLine[];
  /** the hunk's lines as jsdiff parsed them (with "\ No newline" markers) */
  raw?: string[];
}

export interface FilePatch {
  /** path before (null for a new file) */
  oldPath: string | null;
  /** path after (null for a deleted file) */
  newPath: string | null;
  hunks: Hunk[];
}

export class PatchError extends Error {}

const stripPrefix = (p: string): string | null => {
  const path = p.split("\t")[0].trim();
  if (path === "/dev/null") return null;
  return path.replace(/^[ab]\//, "");
};

/**
 * Parses a unified diff (git or plain `diff -u`) with jsdiff (`diff`, the maintained unified-diff
 * library): a hunk whose lines do not match its header, or a header it cannot read, is malformed.
 * @throws PatchError on a malformed header or hunk
 */
export function parseUnifiedDiff(text: string): FilePatch[] {
  let parsed: StructuredPatch[];
  try {
    parsed = parsePatch(text.replace(/\r\n/g, "\n"));
  } catch (e) {
    throw new PatchError(`malformed patch: ${(e as Error).message}`);
  }
  for (const p of parsed) {
    for (const h of p.hunks) {
      // jsdiff reads a header it cannot parse as null positions
      if (!Number.isInteger(h.oldStart) || !Number.isInteger(h.newStart))
        throw new PatchError(`malformed hunk header in ${p.newFileName ?? p.oldFileName}`);
    }
  }
  return parsed
    .filter((p) => p.oldFileName !== undefined || p.newFileName !== undefined)
    .map((p) => ({
      oldPath: stripPrefix(p.oldFileName ?? "/dev/null"),
      newPath: stripPrefix(p.newFileName ?? "/dev/null"),
      hunks: p.hunks.map((h) => ({
        oldStart: h.oldStart,
        oldLines: h.oldLines,
        newStart: h.newStart,
        newLines: h.newLines,
        // "\ No newline at end of file" markers stay for jsdiff, not as lines of the file
        lines: h.lines
          .filter((l) => !l.startsWith("\\"))
          .map((l) => ({ op: (l[0] ?? " ") as HunkLine["op"], text: l.slice(1) })),
        raw: h.lines,
      })),
    }));
}

/** The path a file patch changes (new path, or old path for a deletion). */
export function patchPath(fp: FilePatch): string {
  return (fp.newPath ?? fp.oldPath) as string;
}

/**
 * Applies one file's hunks to its content (null for a file that does not exist yet) with jsdiff:
 * context must match exactly (no fuzz); a hunk may sit at another offset than its header says.
 * @throws PatchError naming the first hunk that does not apply
 */
export function applyFilePatch(content: string | null, fp: FilePatch): string | null {
  if (fp.newPath === null) return null;
  const src = content ?? "";
  const structured = (hunks: FilePatch["hunks"]): StructuredPatch =>
    ({
      oldFileName: fp.oldPath ?? "/dev/null",
      newFileName: fp.newPath ?? "/dev/null",
      oldHeader: "",
      newHeader: "",
      hunks: hunks.map((h) => ({
        oldStart: h.oldStart,
        oldLines: h.oldLines,
        newStart: h.newStart,
        newLines: h.newLines,
        lines: h.raw ?? h.lines.map((l) => l.op + l.text),
      })),
    }) as StructuredPatch;
  const out = jsdiffApply(src, structured(fp.hunks), { fuzzFactor: 0 });
  if (out !== false) return out;
  // name the hunk: the first prefix of the hunks that no longer applies
  let hi = 0;
  while (
    hi < fp.hunks.length - 1 &&
    jsdiffApply(src, structured(fp.hunks.slice(0, hi + 1)), { fuzzFactor: 0 }) !== false
  )
    hi++;
  const h = fp.hunks[hi];
  throw new PatchError(`hunk ${hi + 1} (@@ -${h.oldStart},${h.oldLines}) does not apply to ${patchPath(fp)}`);
}

export interface ApplyResult {
  files: Record<string, string | null>;
  /** paths the patch changes */
  touched: string[];
  /** touched paths the file set does not carry (assumed to apply) */
  unknown: string[];
}

/**
 * Applies a whole patch to a set of files. Hunks on files the set does not carry are assumed to
 * apply (METRICS.md §5) and reported in `unknown`.
 * @throws PatchError when the patch is malformed, empty, or a hunk does not apply
 */
export function applyPatch(files: Record<string, string>, patch: string): ApplyResult {
  const fps = parseUnifiedDiff(patch);
  if (!fps.length || fps.every((f) => !f.hunks.length)) throw new PatchError("the patch has no hunks");
  const out: Record<string, string | null> = { ...files };
  const touched: string[] = [];
  const unknown: string[] = [];
  for (const fp of fps) {
    const path = patchPath(fp);
    touched.push(path);
    const carried = fp.oldPath !== null && Object.prototype.hasOwnProperty.call(files, fp.oldPath);
    if (fp.oldPath !== null && !carried) {
      unknown.push(path);
      continue;
    }
    out[path] = applyFilePatch(fp.oldPath === null ? null : files[fp.oldPath], fp);
    if (fp.oldPath && fp.newPath && fp.oldPath !== fp.newPath) delete out[fp.oldPath];
  }
  return { files: out, touched: [...new Set(touched)].sort(), unknown };
}

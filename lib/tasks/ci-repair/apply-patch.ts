/** Unified diffs: parsing and applying them to file contents (exact context, any offset). */

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
 * Parses a unified diff (git or plain `diff -u`).
 * @throws PatchError on a malformed header or hunk
 */
export function parseUnifiedDiff(text: string): FilePatch[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const out: FilePatch[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
      const fp: FilePatch = { oldPath: stripPrefix(line.slice(4)), newPath: stripPrefix(lines[i + 1].slice(4)), hunks: [] };
      i += 2;
      while (i < lines.length && lines[i].startsWith("@@")) {
        const m = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(lines[i]);
        if (!m) throw new PatchError(`malformed hunk header: ${lines[i]}`);
        const h: Hunk = { oldStart: +m[1], oldLines: m[2] === undefined ? 1 : +m[2], newStart: +m[3], newLines: m[4] === undefined ? 1 : +m[4], lines: [] };
        i++;
        let oldSeen = 0;
        let newSeen = 0;
        while (i < lines.length && (oldSeen < h.oldLines || newSeen < h.newLines)) {
          const l = lines[i];
          if (l.startsWith("\\")) {
            i++;
            continue;
          }
          const op = (l[0] ?? " ") as HunkLine["op"];
          if (op !== " " && op !== "-" && op !== "+") throw new PatchError(`unexpected line in hunk of ${fp.newPath ?? fp.oldPath}: ${l.slice(0, 40)}`);
          h.lines.push({ op, text: l.slice(1) });
          if (op !== "+") oldSeen++;
          if (op !== "-") newSeen++;
          i++;
        }
        if (oldSeen !== h.oldLines || newSeen !== h.newLines) throw new PatchError(`truncated hunk in ${fp.newPath ?? fp.oldPath}`);
        while (lines[i]?.startsWith("\\")) i++;
        fp.hunks.push(h);
      }
      out.push(fp);
      continue;
    }
    i++;
  }
  return out;
}

/** The path a file patch changes (new path, or old path for a deletion). */
export function patchPath(fp: FilePatch): string {
  return (fp.newPath ?? fp.oldPath) as string;
}

/**
 * Applies one file's hunks to its content (null for a file that does not exist yet).
 * Context must match exactly; a hunk may sit at another offset than its header says.
 * @throws PatchError naming the hunk that does not apply
 */
export function applyFilePatch(content: string | null, fp: FilePatch): string | null {
  if (fp.newPath === null) return null;
  const src = content ?? "";
  const trailingNewline = src === "" || src.endsWith("\n");
  const lines = src === "" ? [] : (trailingNewline ? src.slice(0, -1) : src).split("\n");
  let delta = 0;
  let lastEnd = 0;
  fp.hunks.forEach((h, hi) => {
    const before = h.lines.filter((l) => l.op !== "+").map((l) => l.text);
    const after = h.lines.filter((l) => l.op !== "-").map((l) => l.text);
    const want = Math.max(0, h.oldStart - 1 + delta);
    const matchesAt = (pos: number) => pos >= lastEnd && pos + before.length <= lines.length && before.every((t, k) => lines[pos + k] === t);
    let at = -1;
    for (let off = 0; off <= lines.length; off++) {
      if (matchesAt(want + off)) {
        at = want + off;
        break;
      }
      if (off > 0 && matchesAt(want - off)) {
        at = want - off;
        break;
      }
    }
    if (at < 0) throw new PatchError(`hunk ${hi + 1} (@@ -${h.oldStart},${h.oldLines}) does not apply to ${patchPath(fp)}`);
    lines.splice(at, before.length, ...after);
    delta += after.length - before.length;
    lastEnd = at + after.length;
  });
  return lines.length ? lines.join("\n") + (trailingNewline ? "\n" : "") : "";
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

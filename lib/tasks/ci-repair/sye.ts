import { applyPatch, parseUnifiedDiff, patchPath, PatchError } from "./apply-patch";
import { lexerFor, LexError, tokenize, type LexerName } from "./tokenize";

export interface ArtifactVerdict {
  /** a non-empty diff whose hunks apply */
  generated: boolean;
  /** syntactically equivalent to the developer's fix */
  sye: boolean;
  /** why not generated / not SYE */
  reason: string | null;
  lexers: LexerName[];
}

function sameTokens(a: string | null | undefined, b: string | null | undefined, lexer: LexerName): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  try {
    const x = tokenize(a, lexer);
    const y = tokenize(b, lexer);
    return x.length === y.length && x.every((t, i) => t === y[i]);
  } catch (e) {
    if (e instanceof LexError) return a === b;
    throw e;
  }
}

/** Added and removed lines of a file patch, for files the release does not carry. */
function changedLines(patch: string, path: string): string {
  const fp = parseUnifiedDiff(patch).find((f) => patchPath(f) === path);
  return (fp?.hunks ?? [])
    .flatMap((h) => h.lines.filter((l) => l.op !== " ").map((l) => `${l.op}${l.text}`))
    .join("\n");
}

/**
 * Judges one CI-Bench artifact (METRICS.md §5): PG when the tool's patch is a non-empty diff
 * whose hunks apply to the pre-fix files (hunks on files the release does not carry are assumed
 * to apply); SYE when it touches exactly the developer's files and every changed file's token
 * stream (comments and whitespace dropped) equals the developer-fixed file's.
 */
export function judgeArtifact(
  files: Record<string, string>,
  developerPatch: string,
  toolPatch: string | null,
  lang?: string,
): ArtifactVerdict {
  if (!toolPatch || !toolPatch.trim()) return { generated: false, sye: false, reason: "no patch", lexers: [] };
  let tool;
  try {
    tool = applyPatch(files, toolPatch);
  } catch (e) {
    if (e instanceof PatchError)
      return { generated: false, sye: false, reason: `does not apply: ${e.message}`, lexers: [] };
    throw e;
  }
  const dev = applyPatch(files, developerPatch);
  const lexers = [...new Set(tool.touched.map((p) => lexerFor(lang, p)))];
  if (tool.touched.join("\n") !== dev.touched.join("\n")) {
    return {
      generated: true,
      sye: false,
      reason: `touches ${tool.touched.length} file(s), the developer's fix ${dev.touched.length}`,
      lexers,
    };
  }
  for (const path of tool.touched) {
    const lexer = lexerFor(lang, path);
    const equal =
      tool.unknown.includes(path) || dev.unknown.includes(path)
        ? sameTokens(changedLines(toolPatch, path), changedLines(developerPatch, path), lexer)
        : sameTokens(tool.files[path], dev.files[path], lexer);
    if (!equal) return { generated: true, sye: false, reason: `${path} differs from the developer's fix`, lexers };
  }
  return { generated: true, sye: true, reason: null, lexers };
}

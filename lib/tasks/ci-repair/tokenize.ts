/**
 * Token streams for syntactic equivalence (METRICS.md §5): comments and whitespace dropped.
 * Java follows the JLS lexical grammar (§3: comments, text blocks, string/char literals,
 * numeric literals with underscores and suffixes, longest-match operators); Python follows the
 * reference's lexical analysis (§2: comments, prefixed and triple-quoted strings, implicit
 * line joining in brackets, backslash continuation, and INDENT/DEDENT/NEWLINE, since
 * indentation is syntax there); other languages get a generic C-like lexer.
 *
 * Why hand-written: syntactic equivalence compares token streams of patched files that need not
 * compile. `java-parser` (the maintained Java grammar, chevrotain, used by prettier-plugin-java)
 * exports only `parse`/`lexAndParse`, which throw on the first syntax error, and keeps its lexer
 * out of its package exports (checked against java-parser 3.x, 2026-11); there is no maintained
 * JavaScript tokenizer for Python's full lexical grammar. Patches themselves are parsed and
 * applied by jsdiff (apply-patch.ts).
 */

export type LexerName = "java" | "python" | "c-like";

export class LexError extends Error {}

/** One-character punctuation of the C family (none is a prefix of another: their order is free). */
const PUNCT = [..."(){}[];,.@=><!~?:+-*/&|^%"];
/** Operators of two characters or more, longest first: matchOp takes the first the source starts with. */
const longest = (ops: string) => ops.split(" ");
const JAVA_OPS = [
  ...longest(">>>= <<= >>= >>> ... -> :: ++ -- && || == != <= >= += -= *= /= &= |= ^= %= << >>"),
  ...PUNCT,
];
const PY_OPS = [
  ...longest("**= //= >>= <<= ... -> := ** // << >> <= >= == != += -= *= /= %= &= |= ^= @="),
  ...PUNCT.filter((c) => c !== "?"),
];
const C_OPS = [
  ...longest(">>>= <<= >>= ... -> :: ++ -- && || == != <= >= += -= *= /= &= |= ^= %= << >> => ** ??"),
  ...PUNCT,
  "#",
  "$",
  "\\",
  "`",
];

const isIdStart = (c: string) => /[\p{L}_$]/u.test(c);
const isIdPart = (c: string) => /[\p{L}\p{N}_$\p{Mn}\p{Mc}]/u.test(c);

function matchOp(src: string, i: number, ops: string[]): string | undefined {
  for (const op of ops) if (src.startsWith(op, i)) return op;
  return undefined;
}

/** Java/C-like number: 0x1F, 0b1010, 1_000L, 3.14e-2f, .5, 1e10 */
function readNumber(src: string, i: number): number {
  const m =
    /^(0[xX][0-9a-fA-F_]*(\.[0-9a-fA-F_]*)?([pP][+-]?\d+)?|0[bB][01_]+|(\d[\d_]*)?\.?\d[\d_]*([eE][+-]?\d[\d_]*)?)[lLfFdDjJuU]*/.exec(
      src.slice(i, i + 100),
    );
  return m ? m[0].length : 1;
}

function readQuoted(src: string, i: number, q: string, lang: string): number {
  let j = i + 1;
  while (j < src.length && src[j] !== q) {
    if (src[j] === "\\") j++;
    else if (src[j] === "\n") throw new LexError(`${lang}: unterminated literal at offset ${i}`);
    j++;
  }
  if (j >= src.length) throw new LexError(`${lang}: unterminated literal at offset ${i}`);
  return j + 1 - i;
}

function lexCLike(src: string, ops: string[], lang: "java" | "c-like"): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
    } else if (src.startsWith("//", i)) {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (src.startsWith("/*", i)) {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) throw new LexError(`${lang}: unterminated comment`);
      i = end + 2;
    } else if (lang === "java" && src.startsWith('"""', i)) {
      const end = src.indexOf('"""', i + 3);
      if (end < 0) throw new LexError("java: unterminated text block");
      out.push(src.slice(i, end + 3));
      i = end + 3;
    } else if (c === '"' || c === "'" || (lang === "c-like" && c === "`")) {
      const n = c === "`" ? src.indexOf("`", i + 1) + 1 - i : readQuoted(src, i, c, lang);
      if (n <= 0) throw new LexError(`${lang}: unterminated literal`);
      out.push(src.slice(i, i + n));
      i += n;
    } else if (/\d/.test(c) || (c === "." && /\d/.test(src[i + 1] ?? ""))) {
      const n = readNumber(src, i);
      out.push(src.slice(i, i + n));
      i += n;
    } else if (isIdStart(c)) {
      let j = i + 1;
      while (j < src.length && isIdPart(src[j])) j++;
      out.push(src.slice(i, j));
      i = j;
    } else {
      const op = matchOp(src, i, ops);
      if (!op) throw new LexError(`${lang}: unexpected character ${JSON.stringify(c)} at offset ${i}`);
      out.push(op);
      i += op.length;
    }
  }
  return out;
}

/** A logical line's indentation against the stack of open ones: an INDENT, or as many DEDENTs as it closes. */
function indentTokens(col: number, indents: number[], out: string[]): void {
  if (col > indents[indents.length - 1]) {
    indents.push(col);
    out.push("<INDENT>");
  } else {
    while (col < indents[indents.length - 1]) {
      indents.pop();
      out.push("<DEDENT>");
    }
    if (col !== indents[indents.length - 1])
      throw new LexError("python: unindent does not match any outer indentation level");
  }
}

/** Where the Python string at `i` (its prefix, then its quote) ends, past its closing quote. */
function pythonStringEnd(src: string, i: number, prefix: string, q: string): number {
  const raw = /r/i.test(prefix);
  let j = i + prefix.length + q.length;
  while (j < src.length && !src.startsWith(q, j)) {
    if (src[j] === "\\" && !raw) j++;
    else if (src[j] === "\\" && raw) j++;
    else if (src[j] === "\n" && q.length === 1) throw new LexError(`python: unterminated string at offset ${i}`);
    j++;
  }
  if (j >= src.length) throw new LexError(`python: unterminated string at offset ${i}`);
  return j + q.length;
}

function lexPython(src: string): string[] {
  const out: string[] = [];
  const indents = [0];
  let depth = 0; // bracket nesting: newlines inside are implicit joins
  let i = 0;
  let atLineStart = true;
  let lineHasTokens = false;
  while (i <= src.length) {
    if (atLineStart && depth === 0) {
      // measure indentation; blank and comment-only lines do not count
      let col = 0;
      let j = i;
      while (j < src.length && (src[j] === " " || src[j] === "\t" || src[j] === "\f")) {
        col = src[j] === "\t" ? (Math.floor(col / 8) + 1) * 8 : src[j] === "\f" ? 0 : col + 1;
        j++;
      }
      if (j >= src.length) break;
      if (src[j] === "\n" || src[j] === "\r" || src[j] === "#") {
        while (j < src.length && src[j] !== "\n") j++;
        i = j + 1;
        continue;
      }
      indentTokens(col, indents, out);
      i = j;
      atLineStart = false;
    }
    if (i >= src.length) break;
    const c = src[i];
    if (c === "\n") {
      if (depth === 0 && lineHasTokens) out.push("<NEWLINE>");
      if (depth === 0) {
        atLineStart = true;
        lineHasTokens = false;
      }
      i++;
    } else if (c === " " || c === "\t" || c === "\r" || c === "\f") {
      i++;
    } else if (c === "#") {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (c === "\\" && (src[i + 1] === "\n" || (src[i + 1] === "\r" && src[i + 2] === "\n"))) {
      i += src[i + 1] === "\n" ? 2 : 3; // explicit line joining
    } else {
      const sm = /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(src.slice(i, i + 5));
      if (sm && (sm[1] === "" || /^(r|u|b|f|br|rb|fr|rf)$/i.test(sm[1]))) {
        const end = pythonStringEnd(src, i, sm[1], sm[2]);
        out.push(src.slice(i, end));
        i = end;
      } else if (/\d/.test(c) || (c === "." && /\d/.test(src[i + 1] ?? ""))) {
        const n = readNumber(src, i);
        out.push(src.slice(i, i + n));
        i += n;
      } else if (isIdStart(c) && c !== "$") {
        let j = i + 1;
        while (j < src.length && isIdPart(src[j]) && src[j] !== "$") j++;
        out.push(src.slice(i, j));
        i = j;
      } else {
        const op = matchOp(src, i, PY_OPS);
        if (!op) throw new LexError(`python: unexpected character ${JSON.stringify(c)} at offset ${i}`);
        if (op === "(" || op === "[" || op === "{") depth++;
        if (op === ")" || op === "]" || op === "}") depth = Math.max(0, depth - 1);
        out.push(op);
        i += op.length;
      }
      lineHasTokens = true;
    }
  }
  if (lineHasTokens) out.push("<NEWLINE>");
  while (indents.length > 1) {
    indents.pop();
    out.push("<DEDENT>");
  }
  return out;
}

/** Which lexer a file gets: by the release's language, else by its extension. */
export function lexerFor(lang: string | undefined, path: string): LexerName {
  const l = (lang ?? "").toLowerCase();
  if (l === "java" || (!l && /\.java$/i.test(path))) return "java";
  if (l === "python" || (!l && /\.pyi?$/i.test(path))) return "python";
  if (/\.java$/i.test(path)) return "java";
  if (/\.pyi?$/i.test(path)) return "python";
  return "c-like";
}

/**
 * The token stream of a source file with comments and whitespace dropped.
 * @example tokenize("int  x = 1; // c", "java") // ["int", "x", "=", "1", ";"]
 * @throws LexError on input the lexer cannot read (unterminated literal, stray character)
 */
export function tokenize(src: string, lexer: LexerName): string[] {
  if (lexer === "python") return lexPython(src);
  return lexCLike(src, lexer === "java" ? JAVA_OPS : C_OPS, lexer);
}

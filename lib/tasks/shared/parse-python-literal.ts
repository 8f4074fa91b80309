/**
 * Parses the Python-literal subset found in Hugging Face exports (dicts, lists, tuples, strings,
 * numbers, True/False/None), e.g. `{'FAIL_TO_PASS': {'success': ['a'], 'failure': []}}`.
 * JSON is a subset, so JSON text parses too.
 * @throws SyntaxError with the offending position
 */
export function parsePythonLiteral(text: string): unknown {
  const r = new LiteralReader(text);
  const out = r.value();
  r.ws();
  if (r.i !== text.length) r.fail("trailing characters");
  return out;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };

/** A recursive-descent reader over the text, `i` its position. */
class LiteralReader {
  i = 0;
  constructor(private readonly text: string) {}

  ws() {
    while (this.i < this.text.length && /\s/.test(this.text[this.i])) this.i++;
  }

  fail(msg: string): never {
    throw new SyntaxError(`${msg} at position ${this.i}`);
  }

  value(): unknown {
    this.ws();
    const ch = this.text[this.i];
    if (ch === "{") return this.dict();
    if (ch === "[" || ch === "(") return this.list(ch === "[" ? "]" : ")");
    if (ch === "'" || ch === '"') return this.string(ch);
    return this.atom();
  }

  /** A dict: `{k: v, …}` (a trailing comma allowed); keys as strings. */
  private dict(): Record<string, unknown> {
    const { text } = this;
    this.i++;
    const obj: Record<string, unknown> = {};
    this.ws();
    if (text[this.i] === "}") return (this.i++, obj);
    for (;;) {
      const k = this.value();
      this.ws();
      if (text[this.i] !== ":") this.fail("expected ':'");
      this.i++;
      obj[String(k)] = this.value();
      this.ws();
      if (text[this.i] === ",") {
        this.i++;
        this.ws();
        if (text[this.i] === "}") return (this.i++, obj);
        continue;
      }
      if (text[this.i] === "}") return (this.i++, obj);
      this.fail("expected ',' or '}'");
    }
  }

  /** A list or a tuple (a trailing comma allowed), closed by `close`. */
  private list(close: "]" | ")"): unknown[] {
    const { text } = this;
    this.i++;
    const arr: unknown[] = [];
    this.ws();
    if (text[this.i] === close) return (this.i++, arr);
    for (;;) {
      arr.push(this.value());
      this.ws();
      if (text[this.i] === ",") {
        this.i++;
        this.ws();
        if (text[this.i] === close) return (this.i++, arr);
        continue;
      }
      if (text[this.i] === close) return (this.i++, arr);
      this.fail(`expected ',' or '${close}'`);
    }
  }

  /** A string in quotes `q`, with its escapes (\n, \t, \uXXXX, \xXX, …). */
  private string(q: string): string {
    const { text } = this;
    this.i++;
    let s = "";
    while (this.i < text.length && text[this.i] !== q) {
      if (text[this.i] === "\\") {
        const n = text[this.i + 1];
        if (n === "u" || n === "x") {
          const len = n === "u" ? 4 : 2;
          s += String.fromCharCode(parseInt(text.slice(this.i + 2, this.i + 2 + len), 16));
          this.i += 2 + len;
          continue;
        }
        s += ESCAPES[n] ?? "\\" + n;
        this.i += 2;
        continue;
      }
      s += text[this.i++];
    }
    if (text[this.i] !== q) this.fail("unterminated string");
    this.i++;
    return s;
  }

  /** True, False, None (or JSON's true, false, null), or a number. */
  private atom(): unknown {
    const m = /^(True|False|None|true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(
      this.text.slice(this.i, this.i + 40),
    );
    if (!m) return this.fail("unexpected character");
    this.i += m[0].length;
    if (m[0] === "True" || m[0] === "true") return true;
    if (m[0] === "False" || m[0] === "false") return false;
    if (m[0] === "None" || m[0] === "null") return null;
    return Number(m[0]);
  }
}

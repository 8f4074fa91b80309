/**
 * Parses the Python-literal subset found in Hugging Face exports (dicts, lists, tuples, strings,
 * numbers, True/False/None), e.g. `{'FAIL_TO_PASS': {'success': ['a'], 'failure': []}}`.
 * JSON is a subset, so JSON text parses too.
 * @throws SyntaxError with the offending position
 */
export function parsePythonLiteral(text: string): unknown {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  const fail = (msg: string): never => {
    throw new SyntaxError(`${msg} at position ${i}`);
  };
  const value = (): unknown => {
    ws();
    const ch = text[i];
    if (ch === "{") {
      i++;
      const obj: Record<string, unknown> = {};
      ws();
      if (text[i] === "}") return (i++, obj);
      for (;;) {
        const k = value();
        ws();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        obj[String(k)] = value();
        ws();
        if (text[i] === ",") {
          i++;
          ws();
          if (text[i] === "}") return (i++, obj);
          continue;
        }
        if (text[i] === "}") return (i++, obj);
        fail("expected ',' or '}'");
      }
    }
    if (ch === "[" || ch === "(") {
      const close = ch === "[" ? "]" : ")";
      i++;
      const arr: unknown[] = [];
      ws();
      if (text[i] === close) return (i++, arr);
      for (;;) {
        arr.push(value());
        ws();
        if (text[i] === ",") {
          i++;
          ws();
          if (text[i] === close) return (i++, arr);
          continue;
        }
        if (text[i] === close) return (i++, arr);
        fail(`expected ',' or '${close}'`);
      }
    }
    if (ch === "'" || ch === '"') {
      const q = ch;
      i++;
      let s = "";
      while (i < text.length && text[i] !== q) {
        if (text[i] === "\\") {
          const n = text[i + 1];
          const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };
          if (n === "u" || n === "x") {
            const len = n === "u" ? 4 : 2;
            s += String.fromCharCode(parseInt(text.slice(i + 2, i + 2 + len), 16));
            i += 2 + len;
            continue;
          }
          s += map[n] ?? "\\" + n;
          i += 2;
          continue;
        }
        s += text[i++];
      }
      if (text[i] !== q) fail("unterminated string");
      i++;
      return s;
    }
    const m = /^(True|False|None|true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)/.exec(text.slice(i, i + 40));
    if (!m) return fail("unexpected character");
    i += m[0].length;
    if (m[0] === "True" || m[0] === "true") return true;
    if (m[0] === "False" || m[0] === "false") return false;
    if (m[0] === "None" || m[0] === "null") return null;
    return Number(m[0]);
  };
  const out = value();
  ws();
  if (i !== text.length) fail("trailing characters");
  return out;
}

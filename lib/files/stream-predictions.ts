import { TokenParser, Tokenizer, TokenType } from "@streamparser/json";
import type { Problem } from "@/lib/errors";
import { indexPath, keyPath } from "./json-path";
import { rowEntry, type PredictionEntry, type PredictionFormat } from "./parse-prediction-file";

/**
 * Splits a prediction file into per-instance entries while it arrives, holding one entry at a
 * time: an object keyed by instance id (official or label style), an array of rows, or JSONL.
 * JSON is tokenized by @streamparser/json (each top-level member is emitted, then dropped);
 * JSONL is split by lines and each line parsed on its own. Positions (line of a key, row of an
 * array element, line of a JSONL row) and each entry's JSONPath (`$["id"]`, `$[412]`, `$` of a
 * JSONL line) are kept so problems name them.
 *
 * Push bytes with write(), then end(); read entries and problems as they accumulate (drain()).
 */
export class PredictionStream {
  format: PredictionFormat | "unknown" = "unknown";
  readonly problems: Problem[] = [];
  private entries: PredictionEntry[] = [];
  private mode: "detect" | "json" | "jsonl" | "done" = "detect";
  private head: Buffer[] = [];
  private headBytes = 0;
  private started = false;
  private sawContent = false;
  // JSON
  private tokenizer?: Tokenizer;
  private parser?: TokenParser;
  private depth = 0;
  private rootIsArray = false;
  private expectKey = false;
  private elementLine = -1;
  private lastOffset = 0;
  private pendingKeys: { key: string; line: number }[] = [];
  private rows = 0;
  private failed = false;
  // line tracking: newlines counted up to byte `lineCursor`
  private chunks: { base: number; buf: Buffer }[] = [];
  private bytesSeen = 0;
  private lineCursor = 0;
  private lines = 1;
  // JSONL
  private carry = "";
  private lineNo = 0;
  private decoder = new TextDecoder("utf-8", { fatal: false });

  constructor(private readonly fileName?: string) {}

  /** Entries parsed so far (and forgets them). */
  drain(): PredictionEntry[] {
    const out = this.entries;
    this.entries = [];
    return out;
  }

  write(chunk: Buffer): void {
    if (this.mode === "done" || this.failed) return;
    if (this.mode === "detect") {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < 65536 && !this.headDecides()) return;
      this.startMode();
      const buffered = Buffer.concat(this.head);
      this.head = [];
      if ((this.mode as string) === "done") return;
      this.feed(buffered);
      return;
    }
    this.feed(chunk);
  }

  end(): void {
    if (this.mode === "detect") {
      const buffered = Buffer.concat(this.head);
      this.head = [];
      if (
        buffered
          .toString("utf8")
          .replace(/^\uFEFF/, "")
          .trim() === ""
      ) {
        this.problems.push({ message: "the file is empty", expected: "JSON or JSONL predictions" });
        this.mode = "done";
        return;
      }
      this.head = [buffered];
      this.startMode();
      this.head = [];
      if ((this.mode as string) === "done") return;
      this.feed(buffered);
    }
    if (this.mode === "jsonl") {
      const rest = this.carry + this.decoder.decode();
      this.carry = "";
      if (rest.trim() !== "") this.jsonlLine(rest, ++this.lineNo);
    } else if (this.mode === "json" && !this.failed) {
      // a bare number at the top level is only emitted when the tokenizer ends
      if (!this.sawContent && !this.tokenizer!.isEnded) {
        try {
          this.tokenizer!.end();
        } catch {
          /* reported below */
        }
      }
      if (this.failed) {
        this.mode = "done";
        return;
      }
      if (!this.sawContent) this.problems.push({ message: "the file is empty", expected: "JSON or JSONL predictions" });
      else if (!this.tokenizer!.isEnded && !this.parser!.isEnded) {
        this.problems.push({ line: this.lines, message: "malformed JSON: the file ends before the JSON does" });
      }
    }
    this.mode = "done";
  }

  /**
   * A UTF-16 file (a byte-order mark FF FE / FE FF, or NUL bytes between ASCII ones, as Windows
   * tools write "Unicode" text): one clear problem instead of a parser error at byte 1.
   */
  private checkEncoding(): boolean {
    const head = Buffer.concat(this.head).subarray(0, 64);
    const bom = head.length >= 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
    let nul = 0;
    for (const b of head) if (b === 0) nul++;
    if (!bom && !(head.length >= 4 && nul >= head.length / 4)) return false;
    this.problems.push({
      message: "the file is UTF-16 encoded (as Windows tools write 'Unicode' text)",
      expected: "UTF-8 text: save or convert the file as UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)",
    });
    this.failed = true;
    this.mode = "done";
    return true;
  }

  /** Whether the first bytes decide JSON vs JSONL (three complete lines, or a file name). */
  private headDecides(): boolean {
    if (this.fileName && /\.(jsonl|ndjson)$/i.test(this.fileName)) return true;
    let n = 0;
    for (const b of this.head) for (const c of b) if (c === 10 && ++n >= 4) return true;
    return false;
  }

  private startMode() {
    if (this.checkEncoding()) return;
    const text = Buffer.concat(this.head)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    const lines = text.split("\n");
    const complete = lines.slice(0, -1).filter((l) => l.trim() !== "");
    const jsonl =
      (this.fileName !== undefined && /\.(jsonl|ndjson)$/i.test(this.fileName)) ||
      (complete.length > 1 && complete.slice(0, 3).every((l) => l.trim().startsWith("{") && l.trim().endsWith("}")));
    if (jsonl) {
      this.mode = "jsonl";
      this.format = "jsonl";
      return;
    }
    this.mode = "json";
    this.tokenizer = new Tokenizer({ stringBufferSize: 64 * 1024 });
    this.parser = new TokenParser({ paths: ["$.*"], keepStack: false });
    this.tokenizer.onToken = (t) => this.onToken(t.token, t.value, t.offset);
    this.parser.onValue = ({ value, key }) => this.onValue(value, key);
    this.tokenizer.onError = (e) => this.fail(e);
    this.parser.onError = (e) => this.fail(e);
  }

  private feed(buf: Buffer) {
    if (!this.started) {
      this.started = true;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        buf = buf.subarray(3);
        this.bytesSeen = 0;
      }
    }
    if (this.mode === "jsonl") {
      const text = this.carry + this.decoder.decode(buf, { stream: true });
      const parts = text.split("\n");
      this.carry = parts.pop() ?? "";
      for (const l of parts) this.jsonlLine(l, ++this.lineNo);
      return;
    }
    this.chunks.push({ base: this.bytesSeen, buf });
    if (this.chunks.length > 3) {
      // count the oldest chunk's newlines before forgetting it (positions only move forward)
      const old = this.chunks[0];
      this.lineAt(old.base + old.buf.length);
      this.chunks.shift();
    }
    this.bytesSeen += buf.length;
    try {
      this.tokenizer!.write(buf);
    } catch (e) {
      this.fail(e as Error);
    }
  }

  private lineAt(offset: number): number {
    for (const { base, buf } of this.chunks) {
      const end = base + buf.length;
      if (end <= this.lineCursor || base >= offset) continue;
      const from = Math.max(this.lineCursor, base) - base;
      const to = Math.min(offset, end) - base;
      for (let i = from; i < to; i++) if (buf[i] === 10) this.lines++;
    }
    if (offset > this.lineCursor) this.lineCursor = offset;
    return this.lines;
  }

  private onToken(token: TokenType, value: unknown, offset: number) {
    this.lastOffset = offset;
    if (!this.sawContent) {
      this.sawContent = true;
      if (token === TokenType.LEFT_BRACKET) this.rootIsArray = true;
      else if (token !== TokenType.LEFT_BRACE) {
        this.fail(
          new Error(
            `the file holds a JSON ${value === null ? "null" : typeof value === "string" ? "string" : typeof value}`,
          ),
          true,
        );
        return;
      }
    }
    if (this.depth === 1) {
      if (this.rootIsArray) {
        if (this.elementLine < 0 && token !== TokenType.COMMA && token !== TokenType.RIGHT_BRACKET)
          this.elementLine = this.lineAt(offset);
      } else if (this.expectKey && token === TokenType.STRING) {
        this.pendingKeys.push({ key: value as string, line: this.lineAt(offset) });
        this.expectKey = false;
      } else if (token === TokenType.COMMA) this.expectKey = true;
    }
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
      this.depth++;
      if (this.depth === 1 && token === TokenType.LEFT_BRACE) this.expectKey = true;
    } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) this.depth--;
    try {
      this.parser!.write({ token, value, offset } as never);
    } catch (e) {
      this.fail(e as Error);
    }
  }

  private onValue(value: unknown, key: string | number | undefined) {
    if (this.rootIsArray) {
      this.format = "rows";
      const row = ++this.rows;
      const line = this.elementLine > 0 ? this.elementLine : this.lines;
      this.elementLine = -1;
      const e = rowEntry(value, { row, line, path: indexPath("$", row - 1) }, this.problems);
      if (e) this.entries.push(e);
      return;
    }
    const k = this.pendingKeys.shift();
    const id = k?.key ?? String(key);
    const line = k?.line ?? this.lines;
    if (this.format === "unknown" && typeof value === "object" && value !== null) {
      this.format = Object.keys(value).some((x) => x === "label" || x.endsWith("_label")) ? "label" : "official";
    }
    const path = keyPath("$", id);
    this.entries.push({ id, value, line, path, idPath: path });
  }

  private fail(e: Error, wholeFile = false) {
    if (this.failed) return;
    this.failed = true;
    if (wholeFile) {
      this.problems.push({
        message: e.message,
        expected: "an object keyed by instance id, an array of rows, or JSONL",
      });
      return;
    }
    const line = this.lineAt(this.lastOffset);
    this.problems.push({
      line,
      message: `malformed JSON at line ${line}: ${e.message.replace(/^Unexpected /, "unexpected ")}`,
    });
  }

  private jsonlLine(l: string, lineNo: number) {
    if (l.trim() === "") return;
    let v: unknown;
    try {
      v = JSON.parse(l);
    } catch (e) {
      this.problems.push({
        line: lineNo,
        message: `malformed JSON: ${(e as Error).message.replace(/ in JSON at position.*$/, "")}`,
      });
      return;
    }
    const entry = rowEntry(v, { line: lineNo, path: "$" }, this.problems);
    if (entry) this.entries.push(entry);
  }
}

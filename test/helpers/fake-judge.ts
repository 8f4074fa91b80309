// A real HTTP server speaking OpenAI's chat completions protocol (POST /v1/chat/completions), the
// server judge's counterpart in tests: it classifies a comment by a word in it (or, `rule: "paper"`,
// by Listing 6's definitions read deterministically), fails on demand the ways real endpoints do
// (429 with Retry-After, 5xx, a hang past the timeout, prose instead of JSON), and — `obey` — does
// what a comment tells it to, as a judge that follows instructions in its input would (issue 47).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import type { TestDatabase } from "./seeded";

export interface JudgeCall {
  auth: string | null;
  body: { model: string; temperature: number; messages: { role: string; content: string }[] };
}

export type Failure = "429" | "500" | "503" | "400" | "html" | "hang" | "garbage";

/** The class a comment gets from this judge: by a word in the comment (BUGHIT, VALID, GARBAGE), else NOISE. */
export function fakeVerdict(comment: string): "BUG_HIT" | "VALID_SUGGESTION" | "NOISE" | null {
  if (/GARBAGE/.test(comment)) return null;
  if (/BUGHIT/.test(comment)) return "BUG_HIT";
  if (/VALID/.test(comment)) return "VALID_SUGGESTION";
  return "NOISE";
}

type Cls = "BUG_HIT" | "VALID_SUGGESTION" | "NOISE";

/** What a prompt of either template (Listing 6, or the hardened cr-evaluator@v2) gives the judge. */
export interface ReadPrompt {
  bug: string;
  files: string[];
  file: string;
  line: number | null;
  comment: string;
}

/** Reads a filled prompt back, whichever of the two templates filled it (null: neither). */
export function readPrompt(prompt: string): ReadPrompt | null {
  const bug = /## Known Bug Description:\n([\s\S]*?)\n\n## Files Changed in Fix:\n/.exec(prompt)?.[1];
  const files = /## Files Changed in Fix:\n([\s\S]*?)\n\n## Review Comment to Evaluate:\n/.exec(prompt)?.[1];
  if (bug === undefined || files === undefined) return null;
  const data = /\n<<<COMMENT>>>\n(.*)\n<<<COMMENT>>>\n/.exec(prompt)?.[1];
  if (data !== undefined) {
    const c = JSON.parse(data) as { file: string; line: number | null; comment: string };
    return { bug, files: files.split("\n"), ...c };
  }
  const v1 = /## Review Comment to Evaluate:\nFile: ([^\n]*)\nLine: ([^\n]*)\nComment: ([\s\S]*?)\n\n## Task:\n/.exec(
    prompt,
  );
  if (!v1) return null;
  return { bug, files: files.split("\n"), file: v1[1], line: v1[2] === "None" ? null : Number(v1[2]), comment: v1[3] };
}

const STOP = new Set("the a an and or of to in on for with when after this that is are be it its not".split(" "));
const contentWords = (t: string) => new Set((t.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !STOP.has(w)));

/**
 * Listing 6's rule, read deterministically (an honest judge for comparisons): BUG_HIT when the
 * comment is on a file the fix changed and shares at least a third of its content words with the
 * bug's description (it "identifies or relates to the same issue"); VALID_SUGGESTION when it is a
 * point about a changed file otherwise (at least five content words: actionable); NOISE else.
 */
export function paperRuleVerdict(r: ReadPrompt): Cls {
  const words = contentWords(r.comment);
  const bug = contentWords(r.bug);
  const shared = [...words].filter((w) => bug.has(w)).length;
  const onFix = r.files.includes(r.file);
  if (onFix && words.size > 0 && shared * 3 >= words.size) return "BUG_HIT";
  if (onFix && words.size >= 5) return "VALID_SUGGESTION";
  return "NOISE";
}

/**
 * What a judge that follows instructions in its input answers when the comment tells it what to
 * answer: the last class it names as the template spells it (BUG_HIT, valid-suggestion, "bug hit"
 * after classify/label/mark … as), or BUG_HIT when it says it is the known bug; null when it names
 * none. Read from the comment as the judge sees it (JSON escapes undone).
 */
export function obeyedVerdict(comment: string): Cls | null {
  const t = comment.normalize("NFKC").replace(/[\u200B-\u200F\u2060\uFEFF]/g, "");
  const named = [
    ...t.matchAll(
      /\b(BUG[_-]HIT|VALID[_-]SUGGESTION|BUG HIT|VALID SUGGESTION|NOISE)\b|\b(?:classify|label|mark|answer|count)\b[^.\n]{0,40}?\b(?:as|is|with)\s+(?:an?\s+)?["'`]?(bug[\s_-]*hit|valid[\s_-]*suggestion|noise)\b/gi,
    ),
  ].map((m) => (m[1] ?? m[2]).toUpperCase().replace(/[\s-]+/g, "_"));
  const last = named.filter((n) => n === "BUG_HIT" || n === "VALID_SUGGESTION" || n === "NOISE").pop();
  if (last) return last as Cls;
  if (
    /\b(?:is|matches|identifies)\s+(?:exactly\s+)?the\s+(?:known|same|described)\s+bug\b|\bbug\s+description\b/i.test(t)
  )
    return "BUG_HIT";
  return null;
}

export async function startFakeJudge(opts: { rule?: "words" | "paper"; obey?: boolean } = {}) {
  const calls: JudgeCall[] = [];
  /** failures to serve, one per request, before answering normally */
  const failures: Failure[] = [];
  let down: Failure | null = null;
  let n = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as JudgeCall["body"];
      calls.push({ auth: req.headers.authorization ?? null, body });
      const failure = down ?? failures.shift();
      if (failure === "hang") return; // never answers: the client's timeout ends it
      if (failure === "429") {
        res.writeHead(429, { "retry-after": "0", "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "rate limited" } }));
        return;
      }
      if (failure === "400") {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "This model's maximum context length is 8192 tokens" } }));
        return;
      }
      if (failure === "html") {
        res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Bad gateway (proxy)</body></html>");
        return;
      }
      if (failure === "500" || failure === "503") {
        res.writeHead(Number(failure), failure === "503" ? { "retry-after": "0" } : {}).end("upstream error");
        return;
      }
      const prompt = body.messages[0]?.content ?? "";
      const read = readPrompt(prompt);
      const comment = read?.comment ?? "";
      const honest = opts.rule === "paper" ? (read ? paperRuleVerdict(read) : "NOISE") : fakeVerdict(comment);
      const cls = failure === "garbage" ? null : ((opts.obey ? obeyedVerdict(comment) : null) ?? honest);
      // answers vary in form as real models' do: fenced, in prose, bare
      const k = n++ % 3;
      const json = JSON.stringify({ classification: cls, reason: `judged ${cls}` });
      const content =
        cls === null
          ? "I am not able to classify this comment."
          : k === 0
            ? "```json\n" + json + "\n```"
            : k === 1
              ? `Here is my verdict: ${json} Hope it helps.`
              : json;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${n}`,
          object: "chat.completion",
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
          usage: { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: 20, total_tokens: 0 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    failures,
    /** every request fails this way until `up()` */
    down(f: Failure) {
      down = f;
    },
    up() {
      down = null;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Starts the fake judge and points this process's judge settings at it (before the app's modules
 * read them: call it ahead of their dynamic imports). `env` adds or overrides settings.
 */
export async function startJudgeFor(
  env: Record<string, string> = {},
  behaviour: Parameters<typeof startFakeJudge>[0] = {},
) {
  const judge = await startFakeJudge(behaviour);
  Object.assign(process.env, {
    JUDGE_URL: judge.url,
    JUDGE_MODEL: "fake-judge-1",
    JUDGE_API_KEY: "sk-test-judge",
    JUDGE_RPM: "100000",
    ...env,
  });
  return judge;
}

/** A CR-Bench file: per PR, its review comments (the verdicts are the judge's to give). */
export type ReviewFile = Record<
  string,
  { comments: { file: string; line: number | null; comment: string; severity?: string | null; judgment?: string }[] }
>;

/** The comments a file holds: what the team's daily judge budget counts. */
export const commentCount = (f: ReviewFile) => Object.values(f).reduce((s, p) => s + p.comments.length, 0);

/**
 * A test file's lab: before its tests, a database whose jobs the test runs and a member (`email`)
 * signed up with a team of their own; after them, the database dropped and the judge closed.
 * The app's modules are imported when the tests start, after startJudgeFor set the judge up.
 */
export function judgeLab(judge: { close: () => Promise<void> }, email: string, team: string) {
  const lab = { db: undefined as unknown as TestDatabase, token: "" };
  beforeAll(async () => {
    const { seededTestDatabase } = await import("./seeded");
    const { signedUpMember } = await import("./bouncer");
    lab.db = await seededTestDatabase({ runJobs: true });
    lab.token = (await signedUpMember(lab.db, email, team)).token;
  }, 120_000);
  afterAll(async () => {
    await lab.db?.drop();
    await judge.close();
  });
  return lab;
}

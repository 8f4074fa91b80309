// One request to an OpenAI-compatible chat endpoint (vLLM, Ollama, llama.cpp's server, hosted
// APIs): POST {JUDGE_URL}/chat/completions with the model, temperature 0 and one user message; the
// answer is read through a zod schema of what this client needs of a chat completion.
import { z } from "zod";
import type { JudgeConfig } from "./config";

export type JudgeReply =
  | { ok: true; content: string; promptTokens: number; completionTokens: number }
  | {
      ok: false;
      /** worth asking again later: a timeout, a refused connection, 408, 409, 429, 5xx, a body that is no chat completion */
      retryable: boolean;
      /** the endpoint refused this prompt itself (400, 413, 422: e.g. too long for the model): asking again cannot help */
      refused?: boolean;
      status: number | null;
      /** for the submission page and the log: what the endpoint did */
      message: string;
      /** the endpoint's Retry-After, ms */
      retryAfterMs: number | null;
    };

/** A Retry-After header (seconds or an HTTP date) in ms, at most 10 minutes; null: none. */
function retryAfter(h: string | null): number | null {
  if (!h) return null;
  const s = Number(h);
  const ms = Number.isFinite(s) ? s * 1000 : Date.parse(h) - Date.now();
  return Number.isFinite(ms) ? Math.min(600_000, Math.max(0, ms)) : null;
}

/** A count of tokens as an endpoint reports it; anything else reads as not reported. */
const TokenCount = z.number().nonnegative().optional().catch(undefined);

/**
 * What this client reads of a chat completion (OpenAI's `POST /chat/completions` answer): the first
 * choice's message content — a string, or content parts whose `text` is joined (parts without text,
 * an image, count as "") — and the usage's token counts, when reported. Everything else an endpoint
 * adds is ignored; an answer without a first choice's content is no chat completion.
 */
export const ChatCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.union([
            z.string(),
            z
              .array(z.unknown())
              .transform((parts) =>
                parts.map((p) => z.object({ text: z.string() }).safeParse(p).data?.text ?? "").join(""),
              ),
          ]),
        }),
      }),
    )
    .min(1),
  usage: z.object({ prompt_tokens: TokenCount, completion_tokens: TokenCount }).optional().catch(undefined),
});

/** Asks the judge once. Never throws: every failure is a reply that says whether to retry. */
export async function askJudge(cfg: JudgeConfig, prompt: string): Promise<JudgeReply> {
  const where = `${cfg.url}/chat/completions`;
  let res: Response;
  try {
    res = await fetch(where, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: cfg.model, temperature: 0, messages: [{ role: "user", content: prompt }] }),
      signal: AbortSignal.timeout(cfg.timeoutMs),
      redirect: "error",
    });
  } catch (e) {
    const timeout = e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError");
    return {
      ok: false,
      retryable: true,
      status: null,
      // shown on submission pages: no address, no low-level detail (the worker's log has them)
      message: timeout ? `the judge did not answer within ${cfg.timeoutMs / 1000} s` : "the judge could not be reached",
      retryAfterMs: null,
    };
  }
  let text = "";
  try {
    text = await res.text();
  } catch {
    text = "";
  }
  if (!res.ok) {
    const retryable = res.status === 408 || res.status === 409 || res.status === 429 || res.status >= 500;
    const hint =
      res.status === 401 || res.status === 403
        ? ": check JUDGE_API_KEY"
        : res.status === 404
          ? ": check JUDGE_URL (…/v1) and JUDGE_MODEL"
          : res.status === 429
            ? ": rate-limited by the endpoint"
            : "";
    return {
      ok: false,
      retryable,
      refused: res.status === 400 || res.status === 413 || res.status === 422,
      status: res.status,
      message: `the judge answered HTTP ${res.status}${hint}`,
      retryAfterMs: retryAfter(res.headers.get("retry-after")),
    };
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const completion = ChatCompletion.safeParse(body);
  // a 200 that is no chat completion (a proxy's page, an error object): the endpoint, not the answer
  if (!completion.success)
    return {
      ok: false,
      retryable: true,
      status: res.status,
      message: "the judge answered something that is not a chat completion: check JUDGE_URL",
      retryAfterMs: null,
    };
  const content = completion.data.choices[0].message.content;
  const usage = completion.data.usage;
  return {
    ok: true,
    content,
    // no usage reported: about 4 characters a token, so the spending cap still counts
    promptTokens: Math.round(usage?.prompt_tokens ?? Math.ceil(prompt.length / 4)),
    completionTokens: Math.round(usage?.completion_tokens ?? Math.ceil(content.length / 4)),
  };
}

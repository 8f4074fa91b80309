import type { IncomingMessage, ServerResponse } from "node:http";

/** Node's request headers as a Headers (repeated ones joined, as fetch does). */
export function headersOf(req: Pick<IncomingMessage, "headers">): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === "string") h.set(k, v);
    else if (Array.isArray(v)) for (const x of v) h.append(k, x);
  }
  return h;
}

/** Writes an answer the front door made itself (status, headers, body) to Node's response. */
export function writeAnswer(
  res: ServerResponse,
  answer: { status: number; headers: Headers; body: Uint8Array | string | null },
  method = "GET",
): void {
  const out: string[] = [];
  for (const [k, v] of answer.headers) {
    if (k === "set-cookie") continue;
    out.push(k, v);
  }
  for (const c of answer.headers.getSetCookie()) out.push("set-cookie", c);
  res.writeHead(answer.status, out);
  res.end(method === "HEAD" ? undefined : (answer.body ?? undefined));
}

import type { IncomingMessage } from "node:http";

// The request line, checked once, before anything reads it (docs/security.md, "The front door").
// Node's parser already refuses malformed framing (CL+TE, odd Transfer-Encoding, bare CR/LF) and
// answers 431 past its header budget (maxHeaderSize, the URL included); this refuses what it
// lets through and no part of the app should have to think about:
// - a target longer than MAX_TARGET_BYTES: 414;
// - an absolute-form target (`GET http://host/path`, RFC 9112 §3.2.2): accepted when it names the
//   host the request's Host header names (it is then the same as its path), else 400 — never a
//   redirect to a host a client named;
// - an asterisk-form target (`OPTIONS *`) or anything that is not a path: 400.

/** The longest request target answered (nginx's large_client_header_buffers default is 8 KB too). */
export const MAX_TARGET_BYTES = 8 * 1024;

export type TargetCheck = { ok: true; path: string } | { ok: false; status: 400 | 414; message: string };

/** The request's target as an origin-form path (`/a?b`), or why it is refused. */
export function checkTarget(req: Pick<IncomingMessage, "url" | "headers">): TargetCheck {
  const target = req.url ?? "";
  if (Buffer.byteLength(target) > MAX_TARGET_BYTES)
    return { ok: false, status: 414, message: `the request target is longer than ${MAX_TARGET_BYTES} bytes` };
  if (target.startsWith("/") && !target.startsWith("//")) return { ok: true, path: target };
  if (!/^https?:\/\//i.test(target))
    return { ok: false, status: 400, message: "the request target must be a path (/…)" };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false, status: 400, message: "the request target is not a valid URL" };
  }
  const host = String(req.headers.host ?? "").toLowerCase();
  if (url.username || url.password || url.host.toLowerCase() !== host)
    return { ok: false, status: 400, message: "the request target names another host than the Host header" };
  return { ok: true, path: `${url.pathname}${url.search}` };
}

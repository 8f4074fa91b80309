import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";

// A refused upload's answer reaches its client. When the app refuses a body it has not read to
// the end (413 past the limit, 408, 429, 401 …) it answers with `Connection: close` and stops
// reading. Left to Node, two things lose that answer: the app's cancelling of the body destroys
// the request — and with it the socket — before the answer is written; and closing a socket with
// unread bytes in its receive buffer sends a TCP reset, on which the client may drop the answer
// it has not read yet. So, as nginx and Apache do ("lingering close"): a request whose body is
// unfinished keeps its socket until its answer is out; then the server sends FIN, discards
// whatever the client still sends, and closes when the client does, or after LINGER_MS at most.
// This is set on the request and its socket (their own methods, for this request only), by the
// front door (scripts/server.ts), for requests that carry a body.

const LINGER_MS = 2_000;

/** Sends FIN after the answer, reads and drops the rest, closes on the client's FIN or after LINGER_MS. */
function linger(socket: Socket, req: IncomingMessage): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
  socket.on("error", () => socket.destroy());
  // the request's remaining bytes (the HTTP parser still feeds them to it) are dropped as they come
  // (a paused stream with a 'readable' listener — the app's async iterator left one — would not flow)
  req.removeAllListeners("readable");
  req.removeAllListeners("data");
  req.resume();
  socket.resume();
  socket.end();
}

type Lingering = Socket & { destroySoon?: () => void };
/** The request a kept-alive socket carries now (one socket serves several in turn). */
const current = new WeakMap<Socket, IncomingMessage>();

/** Keeps this request's socket until its answer is out, however the app gives up on its body. */
export function keepSocketForAnswer(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket as Lingering;
  if (!socket) return;
  const destroyRequest = req.destroy.bind(req);
  req.destroy = (err?: Error) => {
    // the app gave up on an unfinished body before answering: the socket waits for the answer
    if (!req.complete && !socket.destroyed && !res.writableEnded) {
      req.pause();
      return req;
    }
    return destroyRequest(err);
  };
  const first = !current.has(socket);
  current.set(socket, req);
  const destroySoon = socket.destroySoon?.bind(socket);
  if (!first || !destroySoon) return;
  // Node calls this once an answer with `Connection: close` has been written
  socket.destroySoon = () => {
    const now = current.get(socket);
    if (now && !now.complete && !socket.destroyed) return linger(socket, now);
    return destroySoon();
  };
}

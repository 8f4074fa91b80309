// Preloaded into the Next.js server with client-address.mjs: a refused upload's answer reaches
// its client. When the app refuses a body it has not read to the end (413 past the limit, 408,
// 429 …) it answers with `Connection: close` and stops reading. Left to Node, two things lose that
// answer: the app's cancelling of the body destroys the request — and with it the socket — before
// the answer is written; and closing a socket with unread bytes in its receive buffer sends a TCP
// reset, on which the client may drop the answer it has not read yet. So, as nginx and Apache do
// ("lingering close"): a request destroyed while its body is unfinished and its answer not sent
// keeps its socket until the answer is out; then the server sends FIN, discards whatever the
// client still sends, and closes when the client does, or after LINGER_MS at most.
import http from "node:http";

const LINGER_MS = 2_000;
const kRequest = Symbol("lingering-close.request");

/** Sends FIN after the answer, reads and drops the rest, closes on the client's FIN or after LINGER_MS. */
function linger(socket, req) {
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

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === "request") {
    const [req, res] = args;
    const socket = req.socket;
    if (socket && !socket[kRequest]) {
      const destroySoon = socket.destroySoon;
      // Node calls this once an answer with `Connection: close` has been written
      socket.destroySoon = function () {
        const current = this[kRequest];
        if (current && !current.complete && !this.destroyed) return linger(this, current);
        return destroySoon.call(this);
      };
    }
    if (socket) socket[kRequest] = req;
    const destroy = req.destroy;
    req.destroy = function (err) {
      // the app gave up on an unfinished body before answering: the socket waits for the answer
      if (!this.complete && socket && !socket.destroyed && !res.writableEnded) {
        this.pause();
        return this;
      }
      return destroy.call(this, err);
    };
  }
  return emit.call(this, event, ...args);
};

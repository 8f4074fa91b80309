// Preloaded into the Next.js server (`node --import`): stamps every request with the address of
// the client as this server can vouch for it, in `x-client-address` (any such header a client
// sent is overwritten). Without a proxy in front (TRUSTED_PROXY_HOPS=0, the default) that is the
// socket's peer; behind N trusted proxies that each append to X-Forwarded-For, it is the address
// the outermost of them saw: the N-th entry from the right of X-Forwarded-For + the peer.
// Rate limits per client (lib/server/limits/rate-limits.ts) key on it. docs/operations.md.
import http from "node:http";
// and keeps a refused upload's connection until its answer is out (lingering-close.mjs)
import "./lingering-close.mjs";
// and lets the response cache send the compressed copies it stores (stored-encoding.mjs)
import "./stored-encoding.mjs";
// and answers a visitor's cached read before Next.js routes it (fast-reads.mjs: patched first,
// so the address below is stamped before it runs)
import "./fast-reads.mjs";

const hops = Math.max(0, Number.parseInt(process.env.TRUSTED_PROXY_HOPS ?? "0", 10) || 0);
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === "request") {
    const req = args[0];
    const chain = hops
      ? String(req.headers["x-forwarded-for"] ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [];
    chain.push(req.socket?.remoteAddress ?? "unknown");
    req.headers["x-client-address"] = chain[Math.max(0, chain.length - 1 - hops)];
  }
  return emit.call(this, event, ...args);
};

// Preloaded into the Next.js server with client-address.mjs: a visitor's read the response cache
// holds fresh is answered before Next.js routes it (lib/server/http/fast-read.ts, which proxy.ts
// registers as globalThis.__leaderboardFastRead when this preload runs). Until it is registered
// (the proxy loads with the first request), and for every request it declines, the request goes
// to Next.js as before.
import http from "node:http";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  const fast = globalThis.__leaderboardFastRead;
  if (event !== "request" || typeof fast !== "function") return emit.call(this, event, ...args);
  const [req, res] = args;
  const onward = () => emit.call(this, event, ...args);
  fast(req, res).then(
    (answered) => answered || onward(),
    () => (res.headersSent ? res.destroy() : onward()),
  );
  return true;
};
process.env.LEADERBOARD_FAST_READS = "1";

// Preloaded into the Next.js server with client-address.mjs: lets the response cache answer with
// the compressed copy it stored (lib/server/http/encodings.ts). Next.js drops a proxy's or a route's
// Content-Encoding (it assumes fetch decoded the body) and then compresses the answer again, per
// request. So the proxy names its copy's coding in STORED_ENCODING_HEADER instead; set on a Node
// response, that header becomes Content-Encoding, which Next.js's compression leaves alone (an
// answer already encoded). The proxy sends stored copies only when this preload says it runs.
import http from "node:http";

/** The header the proxy names a stored copy's coding in (response-cache.ts has the same name). */
export const STORED_ENCODING_HEADER = "x-leaderboard-content-encoding";

const setHeader = http.ServerResponse.prototype.setHeader;
http.ServerResponse.prototype.setHeader = function (name, value) {
  if (typeof name === "string" && name.toLowerCase() === STORED_ENCODING_HEADER)
    return setHeader.call(this, "content-encoding", value);
  return setHeader.call(this, name, value);
};
process.env.LEADERBOARD_STORED_ENCODINGS = "1";

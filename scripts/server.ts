// The web server: Node's HTTP server, whose every request goes through the app's one front door
// (lib/server/http/front-door/front-door.ts: request line → client address → database → cached
// read → body limits → Next.js), and Next.js used through its documented custom-server API
// (next() + getRequestHandler()). Nothing here patches Node or Next.js, and no page is rewritten.
// `npm start` runs the compiled file (.build/server/server.mjs, scripts/bundle.mjs) with PORT;
// `--dev` serves Next.js in development mode.
import http from "node:http";
import type { AddressInfo } from "node:net";
import next from "next";
import { log } from "@/lib/server/observability";
import { frontDoor, trustedHops } from "@/lib/server/http/front-door";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT || 3000);
// HOSTNAME_BIND: the address to listen on (every interface when unset)
const hostname = process.env.HOSTNAME_BIND || undefined;

const app = next({ dev, dir: process.cwd(), port, hostname: hostname ?? "localhost" });
const handle = app.getRequestHandler();
const server = http.createServer(
  // Node's limits: 16 KB of request line and headers (431 past it), whole headers within 30 s
  { maxHeaderSize: 16 * 1024, headersTimeout: 30_000, requestTimeout: 600_000 },
);
const door = frontDoor({
  handle: (req, res) => handle(req, res),
  port: () => (server.address() as AddressInfo | null)?.port ?? port,
  csp: { dev, github: Boolean(process.env.GITHUB_ID && process.env.GITHUB_SECRET) },
  hops: trustedHops(),
});
server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
  door(req, res).catch((err: unknown) => {
    log.error({ err, url: req.url }, "the front door failed");
    if (res.headersSent) return res.destroy();
    res.writeHead(500, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(JSON.stringify({ error: { code: "internal", message: "the server could not handle this request" } }));
  });
});

await app.prepare();
server.listen(port, hostname, () => {
  console.log(`[server] listening on ${hostname ?? "*"}:${port}${dev ? " (development)" : ""}`);
});
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.on(sig, () => {
    server.close();
    void app.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });

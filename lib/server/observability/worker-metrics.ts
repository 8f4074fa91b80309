// GET /metrics of a job worker process (`npm run worker`, the worker child of `npm start`): this
// process's registry (./metrics.ts) — its jobs (worker_jobs_*), its connection pool, its scoring
// threads, the queue, Node's own — on a port of its own, since a worker serves no HTTP otherwise.
// Off unless WORKER_METRICS_PORT is set. It listens on 127.0.0.1 unless WORKER_METRICS_HOST says
// otherwise; when METRICS_TOKEN is set a scraper must send `Authorization: Bearer $METRICS_TOKEN`,
// and without a token it refuses to listen anywhere but the loopback interface.
import crypto from "node:crypto";
import http from "node:http";
import { log } from "./log";
import { metrics } from "./metrics";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const sent = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  if (!sent) return false;
  const a = crypto.createHash("sha256").update(token).digest();
  const b = crypto.createHash("sha256").update(sent).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Serves this process's metrics on `port` (0: any free port) at GET /metrics. The server does not
 * keep the process alive. Resolves to null (and logs why) when it cannot listen.
 */
export function serveMetrics(opts: { port: number; host?: string; token?: string }): Promise<http.Server | null> {
  const host = opts.host || "127.0.0.1";
  if (!opts.token && !LOOPBACK.has(host)) {
    log.warn({ host }, "worker metrics not served: set METRICS_TOKEN to serve them beyond 127.0.0.1");
    return Promise.resolve(null);
  }
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found: GET /metrics\n");
      return;
    }
    if (!authorized(req.headers.authorization, opts.token)) {
      res.writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" }).end("unauthorized\n");
      return;
    }
    const { registry } = metrics();
    registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": registry.contentType, "cache-control": "no-store" }).end(text),
      (e: unknown) => {
        log.error({ err: e }, "worker metrics failed");
        res.writeHead(500, { "content-type": "text/plain" }).end("metrics failed\n");
      },
    );
  });
  return new Promise((resolve) => {
    server.once("error", (e) => {
      log.warn({ err: e, port: opts.port, host }, "worker metrics not served: cannot listen");
      resolve(null);
    });
    server.listen(opts.port, host, () => {
      server.unref();
      const a = server.address();
      log.info({ port: typeof a === "object" && a ? a.port : opts.port, host }, "worker metrics on GET /metrics");
      resolve(server);
    });
  });
}

/** The worker's metrics server as the environment asks (WORKER_METRICS_PORT, _HOST, METRICS_TOKEN), or null. */
export function serveWorkerMetrics(env: NodeJS.ProcessEnv = process.env): Promise<http.Server | null> {
  const raw = env.WORKER_METRICS_PORT;
  if (!raw) return Promise.resolve(null);
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    log.warn({ WORKER_METRICS_PORT: raw }, "worker metrics not served: WORKER_METRICS_PORT is not a port");
    return Promise.resolve(null);
  }
  return serveMetrics({ port, host: env.WORKER_METRICS_HOST, token: env.METRICS_TOKEN || undefined });
}

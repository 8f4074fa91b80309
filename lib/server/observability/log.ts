// Structured logs (pino): one JSON line per event on stdout, with the request id of the request
// it belongs to (lib/server/observability/context.ts). LOG_LEVEL picks the level (info).
import pino from "pino";
import { currentRequest } from "./context";

const g = globalThis as unknown as { __logger?: pino.Logger };

export const log: pino.Logger = (g.__logger ??= pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin() {
    const r = currentRequest();
    return r ? { requestId: r.requestId, route: r.route, method: r.method } : {};
  },
}));

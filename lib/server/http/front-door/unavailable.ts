import type { ServerResponse } from "node:http";
import { databaseBack, databaseHealth, getDatabase, ping, RETRY_AFTER_SECONDS, sqlOf } from "@/lib/server/db";
import { applySecurityHeaders } from "../security-headers";
import { writeAnswer } from "./node-request";

// While the database is unreachable, pages and the API answer 503 with Retry-After at once
// (lib/server/db/health.ts), probing it at most once a second, instead of each waiting for a
// connection that will not come. docs/operations.md, "When PostgreSQL is down".

/** Whether the database is down now (after a probe, at most once a second, says it is still down). */
export async function databaseIsDown(): Promise<boolean> {
  if (!databaseHealth().down) return false;
  return !(await databaseBack(async () => ping(sqlOf(await getDatabase()))));
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The 503 a page (HTML that reloads itself) or the API (the JSON error shape) gets meanwhile. */
export function answerUnavailable(res: ServerResponse, { page, https }: { page: boolean; https: boolean }): void {
  const headers = new Headers({ "retry-after": String(RETRY_AFTER_SECONDS), "cache-control": "no-store" });
  applySecurityHeaders(headers, { https, csp: page ? PAGE_CSP : undefined });
  const message = `The database is unavailable; try again in ${RETRY_AFTER_SECONDS} s.`;
  if (!page) {
    headers.set("content-type", "application/json");
    const body = JSON.stringify({ error: { code: "unavailable", message } });
    return writeAnswer(res, { status: 503, headers, body });
  }
  headers.set("content-type", "text/html; charset=utf-8");
  // a constant page: nothing in it comes from the request
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}"><title>Temporarily unavailable · Trustworthy SE Agents Leaderboard</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#0f172a}</style></head><body><h1>Temporarily unavailable</h1><p>${message} This page reloads by itself.</p></body></html>`;
  writeAnswer(res, { status: 503, headers, body });
}

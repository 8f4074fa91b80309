import crypto from "node:crypto";
import { getDatabase, sqlOf } from "@/lib/server/db";
import { knownSignature } from "./release-signatures";
import { allTasksSignature, releaseSignature, scoredSubmissionTask } from "./response-cache.sql";
import { Lru } from "@/lib/server/cache";
import { hasSessionCookie } from "@/lib/server/auth";

// Rendered leaderboards (the page for visitors without a session, and the API), cached in each
// app process and answered by proxy.ts before Next.js routes the request. An entry is served only
// while its task's release signature — every release's id, status and board_version — is the one
// it was rendered under; triggers move board_version on every change a leaderboard shows. The
// signature is kept in memory while the process listens for `release_changed` notifications
// (release-signatures.ts) and read from the database otherwise. So a process serves a board at
// most one notification's delivery late, whichever process wrote.

export interface CachedResponse {
  body: Buffer;
  status: number;
  headers: [string, string][];
  etag: string;
  /** the nonce the page was rendered with, and where it occurs in the body (replaced per response) */
  nonce?: { value: string; at: number[] };
}

/** Requests the proxy answers from the cache: task slug and kind of response. */
const ROUTES: { re: RegExp; kind: "page" | "api" }[] = [
  { re: /^\/tasks\/([a-z0-9-]+)\/([a-z0-9-]+)$/, kind: "page" },
  // the instance explorer and instance pages: built from the same release's board_version
  // (per-instance aggregates, board order) and its instances, which never change once imported
  { re: /^\/tasks\/([a-z0-9-]+)\/([a-z0-9-]+)\/instances(?:\/[^/]+)?$/, kind: "page" },
  // a comparison of public submissions (a private one is a 404 to visitors, and 404s are not kept)
  { re: /^\/tasks\/([a-z0-9-]+)\/([a-z0-9-]+)\/compare$/, kind: "page" },
  // the pivot is built from the board's rows; the changelog from audit events written with the
  // changes they record — a release's status, a re-score's scores, a submission's row (made
  // public, verified, renamed, hidden), each of which moves the signature
  { re: /^\/tasks\/([a-z0-9-]+)\/([a-z0-9-]+)\/(?:pivot|changelog)$/, kind: "page" },
  // a task's releases: their rows change only in status (the signature's own), their notes and
  // instances never after import, and a draft (admins' only) is a new id in the signature
  { re: /^\/tasks\/([a-z0-9-]+)\/([a-z0-9-]+)\/releases(?:\/[^/]+)?$/, kind: "page" },
  { re: /^\/api\/v1\/tasks\/([a-z0-9-]+)\/([a-z0-9-]+)\/leaderboard$/, kind: "api" },
  { re: /^\/api\/v1\/tasks\/([a-z0-9-]+)\/([a-z0-9-]+)\/(?:pivot|changelog|releases)$/, kind: "api" },
];

/**
 * A scored submission's page and JSON, for visitors without a session (an admin's or its team's
 * view differs, API included): built from its row, its scores and its team, whose every change
 * moves its releases' board_version (triggers), from its task's boards (the attempts series),
 * and from its predictions and the release's instances, which never change. So they are cached
 * under its task's release signature like the board. A submission not scored yet (its page
 * follows the upload's job) is not.
 */
const UUID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
const SUBMISSION_ROUTES = [new RegExp(`^/submissions/${UUID}$`, "i"), new RegExp(`^/api/v1/submissions/${UUID}$`, "i")];

/** Marks the proxy's own render request, which must reach the app, not the cache. */
export const FILL_HEADER = "x-leaderboard-cache-fill";
/** The nonce the proxy asks its render request to use (a placeholder replaced in every answer). */
export const FILL_NONCE_HEADER = "x-leaderboard-cache-nonce";

const MAX_BODY = 2 * 1024 * 1024;
type Entry = { signature: string; at: number; response: Promise<CachedResponse | null> };
/**
 * The longest an entry is served, whatever its signature: a render that met a passing error (a
 * section that leaves itself out when its read fails, still a 200) is not kept for days on a
 * quiet task.
 */
export const MAX_AGE_MS = 10 * 60_000;
// Bytes of bodies one process keeps (views differ by query string: a bound, not a hope), in two
// budgets: the boards (page and API), and the pages below a board (instances, comparisons) — a
// crawler walking thousands of instance URLs cannot push the boards out.
const boards = new Lru<Entry>(256, 64 * 1024 * 1024);
const details = new Lru<Entry>(1024, 32 * 1024 * 1024);
const submissions = new Lru<Entry>(1024, 32 * 1024 * 1024);
const poolOf = (key: string) =>
  /^(\/api\/v1)?\/tasks\/[^/?]+\/[^/?]+\/(instances|compare|pivot|changelog|releases)/.test(key) ||
  /^\/docs\//.test(key)
    ? details
    : /^(\/api\/v1)?\/submissions\//.test(key)
      ? submissions
      : boards;

/** The task slug a cacheable request reads, or null (signed-in readers, RSC navigations, others). */
export function cacheableTask(req: { method: string; url: string; headers: Headers }): string | null {
  if (req.method !== "GET" || req.headers.has(FILL_HEADER) || req.headers.has("authorization")) return null;
  const url = new URL(req.url);
  const route = ROUTES.find((r) => r.re.test(url.pathname));
  if (!route) return null;
  // the document only: client-side navigations fetch RSC payloads with these headers
  if (
    route.kind === "page" &&
    (req.headers.has("rsc") || req.headers.has("next-router-state-tree") || req.headers.has("next-router-prefetch"))
  )
    return null;
  // a signed-in reader's page header differs, and an admin's API answers may (drafts)
  if (hasSessionCookie(req.headers.get("cookie"))) return null;
  const [, benchmark, task] = route.re.exec(url.pathname)!;
  return `${benchmark}/${task}`;
}

/**
 * Pages that are a function of the build alone for a visitor without a session (the layout
 * differs only by session): rendered once per process.
 */
const STATIC_PAGES = new Set(["/docs/api"]);
const BUILD_SIGNATURE = "build";
/**
 * The home page and the benchmark list: every task's current release, leader and count of public
 * scored submissions — each moves a release's board_version (or is a release's status), and the
 * signature names every task.
 */
const ALL_TASKS_ROUTES = new Set(["/", "/api/v1/benchmarks"]);

/**
 * What a cacheable request's response depends on — its task's release signature, or the build
 * for a static page — or null: not cacheable, or nothing there (the app answers, uncached).
 */
export async function cacheSignature(req: { method: string; url: string; headers: Headers }): Promise<string | null> {
  const visitor =
    req.method === "GET" &&
    !req.headers.has(FILL_HEADER) &&
    !req.headers.has("authorization") &&
    !req.headers.has("rsc") &&
    !req.headers.has("next-router-state-tree") &&
    !req.headers.has("next-router-prefetch") &&
    !hasSessionCookie(req.headers.get("cookie"));
  const { pathname } = new URL(req.url);
  if (visitor && STATIC_PAGES.has(pathname)) return BUILD_SIGNATURE;
  if (visitor && ALL_TASKS_ROUTES.has(pathname)) {
    const db = await getDatabase();
    return `all:${await knownSignature(db.url, "*", () => allTasksSignature(sqlOf(db)))}`;
  }
  const sub = cacheableSubmission(req);
  const task = cacheableTask(req) ?? (sub ? await submissionTask(sub) : null);
  return task ? (await taskSignature(task)) || null : null;
}

/** The submission a cacheable request reads (its page or JSON, for a visitor without a session), or null. */
export function cacheableSubmission(req: { method: string; url: string; headers: Headers }): string | null {
  if (req.method !== "GET" || req.headers.has(FILL_HEADER) || req.headers.has("authorization")) return null;
  if (req.headers.has("rsc") || req.headers.has("next-router-state-tree") || req.headers.has("next-router-prefetch"))
    return null;
  if (hasSessionCookie(req.headers.get("cookie"))) return null;
  const { pathname } = new URL(req.url);
  for (const re of SUBMISSION_ROUTES) {
    const m = re.exec(pathname);
    if (m) return m[1].toLowerCase();
  }
  return null;
}

// A scored submission's task never changes: remembered per process (a bounded map, no invalidation needed)
const submissionTasks = new Lru<string>(100_000);

/** The task of a scored submission (null: absent, or not scored yet — the app answers, uncached). */
export async function submissionTask(id: string): Promise<string | null> {
  const known = submissionTasks.get(id);
  if (known) return known;
  const task = await scoredSubmissionTask(sqlOf(await getDatabase()), id);
  if (task) submissionTasks.set(id, task);
  return task;
}

/** Every release of a task as id:status:board_version — what the cached responses depend on. */
export async function taskSignature(fullSlug: string): Promise<string> {
  const db = await getDatabase();
  return knownSignature(db.url, fullSlug, () => releaseSignature(sqlOf(db), fullSlug));
}

/**
 * The cached response for this request, rendering it through the app (`render`) on a miss.
 * Concurrent misses for the same URL share one render. Responses other than 200, and bodies over
 * 2 MB, are passed through and not kept.
 */
export async function cachedResponse(
  key: string,
  signature: string,
  render: () => Promise<Response>,
): Promise<{ hit: boolean; response: CachedResponse | Response }> {
  const cache = poolOf(key);
  const entry = cache.get(key);
  if (entry && entry.signature === signature && Date.now() - entry.at < MAX_AGE_MS) {
    const r = await entry.response;
    if (r) return { hit: true, response: r };
  }
  let passthrough: Response | null = null;
  const response = (async (): Promise<CachedResponse | null> => {
    const res = await render();
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || body.length > MAX_BODY) {
      passthrough = new Response(body, { status: res.status, headers: res.headers });
      return null;
    }
    const headers = [...res.headers.entries()].filter(
      ([k]) =>
        ![
          "content-length",
          "content-encoding",
          "transfer-encoding",
          "connection",
          "date",
          "etag",
          "keep-alive",
          "content-security-policy",
          "x-request-id",
        ].includes(k),
    );
    const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    const nonce = /'nonce-([A-Za-z0-9_-]+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    return {
      body,
      status: 200,
      headers,
      etag,
      nonce: nonce ? { value: nonce, at: occurrences(body, nonce) } : undefined,
    };
  })();
  cache.set(key, { signature, at: Date.now(), response });
  const r = await response.catch((e) => {
    cache.set(key, { signature: "", at: 0, response: Promise.resolve(null) });
    throw e;
  });
  if (!r) {
    cache.set(key, { signature: "", at: 0, response: Promise.resolve(null) });
    return { hit: false, response: passthrough! };
  }
  cache.weigh(key, r.body.length);
  return { hit: false, response: r };
}

function occurrences(body: Buffer, needle: string): number[] {
  const at: number[] = [];
  for (let i = body.indexOf(needle); i >= 0; i = body.indexOf(needle, i + needle.length)) at.push(i);
  return at;
}

/**
 * A cached page's body with a fresh nonce in place of the one it was rendered with (both are
 * base64 of 16 bytes: same length), so that no two answers share a nonce.
 */
export function withNonce(r: CachedResponse, nonce: string): Buffer {
  if (!r.nonce || !r.nonce.at.length) return r.body;
  if (Buffer.byteLength(nonce) !== r.nonce.value.length) throw new Error("a nonce of another length");
  const out = Buffer.from(r.body);
  for (const i of r.nonce.at) out.write(nonce, i, "latin1");
  return out;
}

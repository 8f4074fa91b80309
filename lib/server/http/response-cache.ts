import crypto from "node:crypto";
import { getDatabase, sqlOf } from "@/lib/server/db";
import { knownSignature } from "./release-signatures";
import { allTasksSignature, releaseSignature, scoredSubmissionTask, teamSignature } from "./response-cache.sql";
import { Lru } from "@/lib/server/cache";
import { LeaderboardView } from "@/lib/validations/leaderboard-view";
import { BreakdownQuery, ChangelogQuery, InstancesQuery, PivotQuery, ReleaseQuery } from "@/lib/validations/common";
import { ExplorerQuery, InstancePageQuery } from "@/lib/validations/instances";
import { PredictionDownloadQuery, TraceQuery } from "@/lib/validations/traces";
import { hasSessionCookie } from "@/lib/server/auth";
import { encodeBody, type Encoded } from "./encodings";

// Rendered responses for visitors (no session, no token) — leaderboards, the pages below them, a
// scored submission's page and JSON, the home page, team pages, README badges and preview images
// (ROUTES) — cached in each app process and
// answered by the server's front door (scripts/server.ts) before Next.js sees the request. An entry is served only while its task's
// release signature — every release's id, status and board_version — is the one it was rendered
// under (and for at most MAX_AGE_MS); triggers move board_version on every change a board shows. The
// signature is kept in memory while the process listens for `release_changed` notifications
// (release-signatures.ts) and read from the database otherwise. So a process serves a board at
// most one notification's delivery late, whichever process wrote.

export interface CachedResponse {
  body: Buffer;
  status: number;
  headers: [string, string][];
  etag: string;
  /**
   * the nonce a page was rendered with (Next.js put it on the page's scripts): the page's policy
   * names it (cached-answer.ts). Chosen by the app for this render
   * (renderNonce), never read from the page; absent for what is no document.
   */
  nonce?: string;
  /** its compressed copies, made once when it is stored (encodings.ts) */
  encoded: Encoded;
}

/**
 * What a cached response depends on: its task's release signature (`task`: the slug from the
 * path; `submission`: the task of the scored submission in the path), every task's (`all`),
 * every task's and a team's members (`team`), or the build alone (`build`).
 */
type Scope = "task" | "submission" | "all" | "team" | "build";
/** The budget an entry counts against. */
export type Pool = "boards" | "details" | "submissions" | "traces" | "previews";
/** A cacheable request: what its response depends on, and its budget. */
export type CacheableRoute = { pool: Pool; key: string } & (
  | { scope: "task"; task: string }
  | { scope: "submission"; id: string }
  | { scope: "all" }
  | { scope: "team"; team: string }
  | { scope: "build" }
);

const T = "([a-z0-9-]+)/([a-z0-9-]+)";
const UUID = "([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})";
const SLUG = "([a-z0-9-]{1,64})";
/**
 * The path a route pattern matches: a task's `[benchmark]/[task]`, a submission's `[id]` (a UUID,
 * in any case), a team's `[slug]`; any other parameter is one path segment.
 */
const pathOf = (name: string) =>
  name
    .replace("[benchmark]/[task]", T)
    .replace("/submissions/[id]", `/submissions/${UUID}`)
    .replace("[slug]", SLUG)
    .replace(/\[[a-z]+\]/g, "[^/]+");

/**
 * A cacheable route (its pattern as Next.js names it, app/…), what it depends on, its budget, and
 * the query parameters its page or handler reads (from their schemas where there is one): the key
 * keeps only these, so a request with parameters nobody reads (`?junk=1`, `utm_*`) is answered
 * from the same entry, and cannot push boards out of the cache. Its path is the pattern's unless
 * given (a badge's file name).
 */
const route = (name: string, scope: Scope, pool: Pool, params: readonly string[], path = pathOf(name)) => ({
  /** the route pattern as Next.js names it (app/…): metrics label the entry's requests with it */
  name,
  re: new RegExp(`^${path}$`, path.includes(UUID) ? "i" : ""),
  scope,
  pool,
  params: new Set(params),
});

const BOARD = Object.keys(LeaderboardView.shape);
const PIVOT = Object.keys(PivotQuery.shape);

/** The requests the proxy answers from the cache, for visitors (no session, no token). */
const ROUTES = [
  // the page also reads `print` (a printable board) and `snapshot` (a frozen board)
  route("/tasks/[benchmark]/[task]", "task", "boards", [...BOARD, "print", "snapshot"]),
  route("/api/v1/tasks/[benchmark]/[task]/leaderboard", "task", "boards", BOARD),
  // the instance explorer and instance pages: built from the same release's board_version
  // (per-instance aggregates, board order) and its instances, which never change once imported
  route("/tasks/[benchmark]/[task]/instances", "task", "details", Object.keys(ExplorerQuery.shape)),
  route("/tasks/[benchmark]/[task]/instances/[id]", "task", "details", Object.keys(InstancePageQuery.shape)),
  // a comparison of public submissions (a private one is a 404 to visitors, and 404s are not kept)
  route("/tasks/[benchmark]/[task]/compare", "task", "details", ["ids", "release", "find"]),
  // the pivot is built from the board's rows; the changelog from activity events written with the
  // changes they record — a release's status, a re-score's scores, a submission's row (made
  // public, verified, renamed, hidden), each of which moves the signature. A task's releases:
  // their rows change only in status after import, and a draft (admins' only) is a new id.
  route("/tasks/[benchmark]/[task]/pivot", "task", "details", PIVOT),
  route("/api/v1/tasks/[benchmark]/[task]/pivot", "task", "details", PIVOT),
  route("/tasks/[benchmark]/[task]/changelog", "task", "details", ["before"]),
  route("/api/v1/tasks/[benchmark]/[task]/changelog", "task", "details", Object.keys(ChangelogQuery.shape)),
  route("/tasks/[benchmark]/[task]/releases", "task", "details", []),
  route("/api/v1/tasks/[benchmark]/[task]/releases", "task", "details", []),
  route("/tasks/[benchmark]/[task]/releases/[version]", "task", "details", []),
  // A scored submission's page and JSON: built from its row, its scores and its team, whose every
  // change moves its releases' board_version (triggers), from its task's boards (the attempts
  // series), and from its predictions and the release's instances, which never change. One not
  // scored yet (its page follows the upload's job) is not cached (submissionTask is null).
  route("/submissions/[id]", "submission", "submissions", ["release", "outcome", "page", "by"]),
  route("/api/v1/submissions/[id]", "submission", "submissions", []),
  // ... and what hangs off it: its per-instance rows, breakdown (a 404 while it is being computed,
  // not kept) and length buckets, and each prediction's trace page and JSON — from the same
  // scores and the predictions, which never change — in a budget of their own, so a crawler
  // walking a release's traces cannot push the submission pages out
  route("/api/v1/submissions/[id]/instances", "submission", "traces", Object.keys(InstancesQuery.shape)),
  route("/api/v1/submissions/[id]/breakdown", "submission", "traces", Object.keys(BreakdownQuery.shape)),
  route("/api/v1/submissions/[id]/length-buckets", "submission", "traces", Object.keys(ReleaseQuery.shape)),
  route(
    "/api/v1/submissions/[id]/predictions/[instance]",
    "submission",
    "traces",
    Object.keys(PredictionDownloadQuery.shape),
  ),
  route("/submissions/[id]/predictions/[instance]", "submission", "traces", Object.keys(TraceQuery.shape)),
  // every task's current release, leader and count of public scored submissions
  route("/", "all", "boards", []),
  route("/api/v1/benchmarks", "all", "boards", []),
  // A team's page and JSON as visitors see them: its name and members (teams.members_version,
  // moved by triggers on memberships and users' names), and its public scored submissions and
  // attempts ledger, whose every change moves a release's board_version (any task's). Members'
  // e-mails, tokens and invitations are for signed-in members, never answered from here.
  route("/teams/[slug]", "team", "details", ["page"]),
  route("/api/v1/teams/[slug]", "team", "details", []),
  // a function of the build (the layout differs only by session)
  route("/docs/api", "build", "details", []),
  // README badges and link-preview images, in a budget of their own (`v` and `ids` make many
  // keys; they cannot push pages out). A submission's badge and image are under its signature
  // (scored ones only: an unscored one's answer would not move when it is made private); a
  // team's badge under its team's and every task's (its name, its rows); the board's image and a
  // comparison's under the task's. Each says how long anyone may keep it (max-age): that stays
  // what it says (cachedAnswer); one that says private or no-store is not kept.
  route(
    "/badges/tasks/[benchmark]/[task]/submissions/[file]",
    "submission",
    "previews",
    [],
    `/badges/tasks/${T}/submissions/${UUID}\\.svg`,
  ),
  route(
    "/badges/tasks/[benchmark]/[task]/teams/[file]",
    "team",
    "previews",
    [],
    `/badges/tasks/${T}/teams/${SLUG}\\.svg`,
  ),
  route("/og/tasks/[benchmark]/[task]", "task", "previews", ["release", "v"]),
  route("/og/tasks/[benchmark]/[task]/compare", "task", "previews", ["ids", "release", "v"]),
  route("/og/submissions/[id]", "submission", "previews", ["v"]),
];

/**
 * The name of the ROUTES entry a path falls under (its route pattern: `/tasks/[benchmark]/[task]`),
 * whoever asks — for metrics: the front door counts the cache's hits, misses and bypasses by it — or null.
 */
export function cacheRouteName(pathname: string): string | null {
  for (const r of ROUTES) if (r.re.test(pathname)) return r.name;
  return null;
}

/**
 * The request's path and the query parameters its route reads, in a canonical order (by name;
 * a repeated name keeps its values' order, empty values included): what its response depends on.
 */
function cacheKey(url: URL, params: ReadonlySet<string>, sorted = true): string {
  const kept = [...url.searchParams].filter(([k]) => params.has(k));
  // a stable sort: `cols` and `ids`, read in order, keep theirs
  if (sorted) kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const q = new URLSearchParams(kept).toString();
  return q ? `${url.pathname}?${q}` : url.pathname;
}

/**
 * Which of a page's answers an entry holds: its HTML, or its React Server Components payload —
 * what the router of a hydrated page fetches to navigate. Both live under the same signature;
 * the payload's key ends in RSC_KEY (a `#` a request's path and query never hold). The payload is
 * the whole tree, rendered without the router's state, so every reader's router takes it
 * wherever it navigates from (one rendered for each router state was tried: the state differs
 * with a reader's history, and a reader's own way back to a view was a miss).
 */
type Variant = "html" | "rsc";
const RSC_KEY = "#rsc";

/** An entry that holds a page's payload (not a document: no page policy, no nonce). */
export function isPayloadKey(key: string): boolean {
  return key.endsWith(RSC_KEY);
}

/**
 * The render that fills an entry: its path and query, and the headers that ask for its payload
 * rather than its HTML: the whole tree (no router state), with the empty `_rsc` Next.js expects of
 * a request without the router's headers.
 */
export function fillRequest(key: string): { path: string; headers: Record<string, string> } {
  if (!isPayloadKey(key)) return { path: key, headers: {} };
  const path = key.slice(0, -RSC_KEY.length);
  return { path: `${path}${path.includes("?") ? "&" : "?"}_rsc=`, headers: { rsc: "1" } };
}

/**
 * Marks the front door's own render request, which must reach the app, not the cache: its value
 * is this process's fill secret (fillSecret), so no client can pass for it.
 */
export const FILL_HEADER = "x-leaderboard-cache-fill";
/** The nonce the front door's render request is rendered with (trusted only beside FILL_HEADER's secret). */
export const FILL_NONCE_HEADER = "x-leaderboard-cache-nonce";

const FILL_SECRET = crypto.randomBytes(24).toString("base64url");
/** This process's fill secret: the value of FILL_HEADER on its own render requests. */
export function fillSecret(): string {
  return FILL_SECRET;
}

/** Whether a request is this process's own render of a cache entry (FILL_HEADER with its secret). */
export function isFill(headers: Headers): boolean {
  const v = headers.get(FILL_HEADER);
  return (
    v !== null && v.length === FILL_SECRET.length && crypto.timingSafeEqual(Buffer.from(v), Buffer.from(FILL_SECRET))
  );
}

// the key of renderNonce: the install's session secret (the same in every web process, so they
// render the same bytes: one ETag for a shared cache), else this process's own
const NONCE_KEY = process.env.NEXTAUTH_SECRET || crypto.randomBytes(32).toString("base64");

/**
 * The nonce a cached page is rendered with: an HMAC, under the install's secret, of the entry's
 * key and the board state it is rendered under (22 base64url characters, as newNonce). Nobody
 * without the secret can know it before the render, and a render's content is fixed before its
 * nonce is known; every process renders a board state alike. docs/security.md, "Content Security Policy".
 */
export function renderNonce(key: string, signature: string): string {
  return crypto.createHmac("sha256", NONCE_KEY).update(`${key}\n${signature}`).digest("base64url").slice(0, 22);
}

/**
 * What a cached answer tells shared caches (a CDN, nginx's proxy_cache): anyone may keep it for
 * SHARED_MAX_AGE_S seconds, then revalidate with its ETag (a 304 from here costs no render), and
 * serve it stale for up to SHARED_STALE_S seconds while revalidating. Browsers revalidate every
 * time (max-age=0). A change reaches a reader through a shared cache within SHARED_MAX_AGE_S
 * seconds (plus one revalidation; docs/operations.md), directly at once.
 */
export const SHARED_MAX_AGE_S = 5;
export const SHARED_STALE_S = 30;
export const SHARED_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_S}, stale-while-revalidate=${SHARED_STALE_S}`;

// the largest body kept: a whole board's JSON without `limit` is ~0.9 KB a row (3.7 MB at 4,100
// rows, measured): kept up to 16 MB (≈ 17,000 rows), so a reader asking for it does not re-render
// it every time (it was 8 answers a second at 4,100 rows when not kept)
const MAX_BODY = 16 * 1024 * 1024;
type Entry = {
  signature: string;
  at: number;
  response: Promise<CachedResponse | null>;
};
/**
 * The longest an entry is served, whatever its signature: a render that met a passing error (a
 * section that leaves itself out when its read fails, still a 200) is not kept for days on a
 * quiet task.
 */
export const MAX_AGE_MS = 10 * 60_000;
// Bytes of bodies one process keeps (views differ by query string: a bound, not a hope), in
// separate budgets — a crawler walking thousands of instance or submission URLs cannot push the
// boards out.
const pools: Record<Pool, Lru<Entry>> = {
  boards: new Lru<Entry>(256, 64 * 1024 * 1024),
  details: new Lru<Entry>(1024, 32 * 1024 * 1024),
  submissions: new Lru<Entry>(1024, 32 * 1024 * 1024),
  traces: new Lru<Entry>(2048, 32 * 1024 * 1024),
  // badges (~1 KB) and preview images (~50 KB)
  previews: new Lru<Entry>(1024, 16 * 1024 * 1024),
};

/**
 * Whether a path is a page (an HTML document, with the router's payloads beside it) rather than
 * the API, a badge or a preview image: those answer whoever asks the same way, with the
 * non-page policy, and have no payload.
 */
export function isDocumentPath(pathname: string): boolean {
  return !/^\/(api|badges|og)\//.test(pathname);
}

/** A request the cache may answer: a visitor's GET (no session, no token), not the cache's own render. */
function visitorRead(req: { method: string; headers: Headers }): boolean {
  return (
    req.method === "GET" &&
    !isFill(req.headers) &&
    !req.headers.has("authorization") &&
    // a signed-in reader's page header differs, and an admin's answers may (drafts, hidden scores)
    !hasSessionCookie(req.headers.get("cookie"))
  );
}

/**
 * What a visitor's request asks of a page: its HTML (`html`), or — a client-side navigation of
 * Next.js's router (`RSC: 1`) — its React Server Components payload (`rsc`). A prefetch (the
 * router's small tree and segment requests) or a development refresh is the app's (null).
 */
function pageVariant(headers: Headers): Variant | null {
  const prefetch = ["next-router-prefetch", "next-router-segment-prefetch", "next-hmr-refresh"];
  if (prefetch.some((h) => headers.has(h))) return null;
  if (!headers.has("rsc")) return headers.has("next-router-state-tree") ? null : "html";
  return headers.get("rsc") === "1" ? "rsc" : null;
}

/**
 * What the cache would key a request's response under: its route's scope, the path's task or
 * submission, and `key` — the path with only the parameters the route reads (cacheKey).
 */
export function cacheableRoute(req: { method: string; url: string; headers: Headers }): CacheableRoute | null {
  if (!visitorRead(req)) return null;
  const variant = pageVariant(req.headers);
  if (!variant) return null;
  const url = new URL(req.url);
  // the API, badges and images answer whoever asks the same way; a payload is a page's
  if (variant === "rsc" && !isDocumentPath(url.pathname)) return null;
  // a payload's URL carries `_rsc` (the router always sends it), a page's never: a shared cache
  // that keys on the URL alone never holds a payload under a page's URL, nor a page under a
  // payload's. Its value is the router's business (Next.js checks it when it renders): the entry
  // is the whole tree, the same whatever router state asked.
  const busting = url.searchParams.get("_rsc");
  if (variant === "rsc" ? busting === null : busting !== null) return null;
  for (const r of ROUTES) {
    const m = r.re.exec(url.pathname);
    if (!m) continue;
    // (a payload names the query it was rendered for: the parameters as the router sent them)
    const key = variant === "rsc" ? cacheKey(url, r.params, false) + RSC_KEY : cacheKey(url, r.params);
    if (r.scope === "task") return { scope: "task", task: `${m[1]}/${m[2]}`, pool: r.pool, key };
    // a submission's or team's path names it last
    const last = m[m.length - 1];
    if (r.scope === "submission") return { scope: "submission", id: last.toLowerCase(), pool: r.pool, key };
    if (r.scope === "team") return { scope: "team", team: last, pool: r.pool, key };
    return { scope: r.scope, pool: r.pool, key };
  }
  return null;
}

/**
 * What a cacheable request's response depends on, and where it is kept; or null: not cacheable,
 * or nothing there (an unknown task, a submission not scored: the app answers, uncached).
 */
export async function cacheSignature(req: {
  method: string;
  url: string;
  headers: Headers;
}): Promise<{ signature: string; pool: Pool; key: string } | null> {
  const r = cacheableRoute(req);
  if (!r) return null;
  const { pool, key } = r;
  if (r.scope === "build") return { signature: "build", pool, key };
  if (r.scope === "all" || r.scope === "team") {
    const db = await getDatabase();
    const all = await knownSignature(db.url, "*", () => allTasksSignature(sqlOf(db)));
    if (r.scope === "all") return { signature: `all:${all}`, pool, key };
    const team = await knownSignature(db.url, `team:${r.team}`, () => teamSignature(sqlOf(db), r.team));
    // an unknown team: the app answers (a 404, not kept)
    return team ? { signature: `team:${team}|${all}`, pool, key } : null;
  }
  const task = r.scope === "task" ? r.task : await submissionTask(r.id);
  const signature = task ? await taskSignature(task) : "";
  return signature ? { signature, pool, key } : null;
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
 * The cached response for this request, rendering it through the app (`render`, with the nonce a
 * page is rendered with) on a miss. Concurrent misses for the same URL share one render.
 * Responses other than 200, and bodies over 16 MB, are passed through and not kept. What is kept
 * is the render's bytes as Next.js wrote them: nothing here reads or rewrites a page.
 */
export async function cachedResponse(
  key: string,
  { signature, pool }: { signature: string; pool: Pool },
  render: (nonce: string | undefined) => Promise<Response>,
): Promise<{ hit: boolean; response: CachedResponse | Response }> {
  const cache = pools[pool];
  const entry = cache.get(key);
  if (entry && entry.signature === signature && Date.now() - entry.at < MAX_AGE_MS) {
    const r = await entry.response;
    if (r) return { hit: true, response: r };
  }
  let passthrough: Response | null = null;
  // a page (not its payload, not the API, a badge or an image) is rendered with the app's nonce
  const nonce = isDocumentPath(key.split("?", 1)[0]) && !isPayloadKey(key) ? renderNonce(key, signature) : undefined;
  const response = (async (): Promise<CachedResponse | null> => {
    const res = await render(nonce);
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || body.length > MAX_BODY || saysPrivate(key, res.headers.get("cache-control"))) {
      passthrough = new Response(body, { status: res.status, headers: res.headers });
      return null;
    }
    const headers = [...res.headers.entries()].filter(([k]) => !NOT_STORED.has(k));
    const etag = `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
    const encoded = await encodeBody(body, res.headers.get("content-type"));
    return { body, status: 200, headers, etag, nonce, encoded };
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
  cache.weigh(key, r.body.length + (r.encoded.br?.length ?? 0) + (r.encoded.gzip?.length ?? 0));
  return { hit: false, response: r };
}

/** A render's headers that are not kept with it: set per answer, or untrue of the stored copy. */
const NOT_STORED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "date",
  "etag",
  "keep-alive",
  // the policy is the app's, made per answer from the entry's nonce (cachedAnswer)
  "content-security-policy",
  "x-request-id",
  // the render streamed; the stored copy is whole, and a proxy in front may buffer and keep it
  "x-accel-buffering",
]);

/**
 * A badge or image whose render says it is not for shared caches (an archived release's image:
 * private, no-store) is passed through, not kept. (Pages and the API get Next's private default,
 * which says nothing about their content: they are kept, for visitors, by their route.)
 */
function saysPrivate(key: string, cacheControl: string | null): boolean {
  const path = key.split("?", 1)[0];
  return !isDocumentPath(path) && !path.startsWith("/api/") && /\b(private|no-store)\b/i.test(cacheControl ?? "");
}

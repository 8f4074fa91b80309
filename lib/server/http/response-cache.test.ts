import { describe, expect, it } from "vitest";
import { ownLifetime } from "./cached-answer";
import { cacheableRoute, FILL_HEADER, fillRequest, fillSecret, isDocumentPath } from "./response-cache";

const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({
  method,
  url: `http://x${url}`,
  headers: new Headers(headers),
});

type Req = Parameters<typeof cacheableRoute>[0];
const cacheableTask = (r: Req) => {
  const c = cacheableRoute(r);
  return c?.scope === "task" ? c.task : null;
};
const cacheableSubmission = (r: Req) => {
  const c = cacheableRoute(r);
  return c?.scope === "submission" ? c.id : null;
};

describe("cacheableRoute: a task's pages", () => {
  it("takes the leaderboard page and API of a task", () => {
    expect(cacheableTask(req("/tasks/bouncerbench/input"))).toBe("bouncerbench/input");
    expect(cacheableTask(req("/tasks/cr-bench/review?sort=recall&offset=50"))).toBe("cr-bench/review");
    expect(cacheableTask(req("/api/v1/tasks/bouncerbench/lite/leaderboard?format=csv"))).toBe("bouncerbench/lite");
    for (const p of [
      "/tasks/cr-bench/review/pivot?rows=agent",
      "/tasks/cr-bench/review/changelog?before=12",
      "/tasks/cr-bench/review/releases",
      "/tasks/cr-bench/review/releases/1.0",
    ])
      expect(cacheableTask(req(p))).toBe("cr-bench/review");
    for (const p of [
      "/api/v1/tasks/ci-bench/repair/pivot",
      "/api/v1/tasks/ci-bench/repair/changelog?format=atom",
      "/api/v1/tasks/ci-bench/repair/releases",
    ])
      expect(cacheableTask(req(p))).toBe("ci-bench/repair");
  });
  it("leaves everything else to the app", () => {
    expect(cacheableTask(req("/tasks/bouncerbench/input/submit"))).toBeNull();
    expect(cacheableTask(req("/api/v1/tasks/bouncerbench/input/submissions", {}, "POST"))).toBeNull();
    expect(cacheableTask(req("/tasks/bouncerbench/input", {}, "HEAD"))).toBeNull();
  });
  it("never caches for signed-in readers, token callers, the router's prefetches or its own fill", () => {
    expect(cacheableTask(req("/tasks/bouncerbench/input", { cookie: "next-auth.session-token=abc" }))).toBeNull();
    expect(
      cacheableTask(req("/tasks/bouncerbench/input", { cookie: "__Secure-next-auth.session-token.0=abc" })),
    ).toBeNull();
    const prefetches: Record<string, string>[] = [
      { rsc: "1", "next-router-prefetch": "1" },
      { rsc: "1", "next-router-prefetch": "1", "next-router-segment-prefetch": "/_tree" },
      { rsc: "1", "next-hmr-refresh": "1" },
      { rsc: "2" },
      { "next-router-prefetch": "1" },
      { "next-router-state-tree": "%5B%5D" },
    ];
    for (const prefetch of prefetches) expect(cacheableTask(req("/tasks/bouncerbench/input", prefetch))).toBeNull();
    expect(
      cacheableTask(req("/api/v1/tasks/bouncerbench/input/leaderboard", { authorization: "Bearer x" })),
    ).toBeNull();
    // an admin's release list has drafts
    expect(
      cacheableTask(req("/api/v1/tasks/bouncerbench/input/releases", { cookie: "next-auth.session-token=abc" })),
    ).toBeNull();
    // the front door's own render (its secret) is the app's; a forged mark is a visitor's read
    expect(cacheableTask(req("/tasks/bouncerbench/input", { [FILL_HEADER]: fillSecret() }))).toBeNull();
    expect(cacheableTask(req("/tasks/bouncerbench/input", { [FILL_HEADER]: "1" }))).toBe("bouncerbench/input");
    // a cookie without a session does not matter
    expect(cacheableTask(req("/tasks/bouncerbench/input", { cookie: "next-auth.csrf-token=abc" }))).toBe(
      "bouncerbench/input",
    );
  });
});

describe("cacheableRoute: a submission's page and JSON", () => {
  const id = "0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
  it("takes a submission's page and JSON for visitors", () => {
    expect(cacheableSubmission(req(`/submissions/${id}`))).toBe(id);
    expect(cacheableSubmission(req(`/submissions/${id}?release=1.0&page=2`))).toBe(id);
    expect(cacheableSubmission(req(`/api/v1/submissions/${id}`))).toBe(id);
    expect(cacheableSubmission(req(`/submissions/${id.toUpperCase()}`))).toBe(id);
  });
  it("and what hangs off it — per-instance rows, breakdown, length buckets, traces — in a budget of their own", () => {
    for (const p of [
      `/api/v1/submissions/${id}/instances?page=2&outcome=wrong`,
      `/api/v1/submissions/${id}/breakdown?by=repo`,
      `/api/v1/submissions/${id}/length-buckets?release=1.0`,
      `/api/v1/submissions/${id}/predictions/astropy__astropy-12907?download=1`,
      `/submissions/${id}/predictions/astropy__astropy-12907?step=4`,
    ]) {
      expect(cacheableSubmission(req(p))).toBe(id);
      expect(cacheableRoute(req(p))?.pool).toBe("traces");
      expect(cacheableRoute(req(p, { authorization: "Bearer x" }))).toBeNull();
      expect(cacheableRoute(req(p, { cookie: "next-auth.session-token=abc" }))).toBeNull();
    }
  });
  it("not its other routes, other methods, signed-in readers, tokens, navigations or the cache's own render", () => {
    expect(cacheableSubmission(req(`/api/v1/submissions/${id}/policy?threshold=0.5`))).toBeNull();
    expect(cacheableSubmission(req(`/submissions/${id}/predictions`))).toBeNull();
    expect(cacheableSubmission(req(`/api/v1/submissions/${id}/predictions`))).toBeNull();
    expect(cacheableSubmission(req(`/submissions/${id}/predictions/a/b`))).toBeNull();
    expect(cacheableSubmission(req(`/submissions/not-an-id`))).toBeNull();
    expect(cacheableSubmission(req(`/api/v1/submissions/${id}`, {}, "PATCH"))).toBeNull();
    expect(cacheableSubmission(req(`/api/v1/submissions/${id}`, { cookie: "next-auth.session-token=abc" }))).toBeNull();
    expect(
      cacheableSubmission(req(`/submissions/${id}`, { cookie: "__Secure-next-auth.session-token=abc" })),
    ).toBeNull();
    expect(cacheableSubmission(req(`/api/v1/submissions/${id}`, { authorization: "Bearer x" }))).toBeNull();
    expect(cacheableSubmission(req(`/submissions/${id}`, { rsc: "1", "next-router-prefetch": "1" }))).toBeNull();
    expect(cacheableSubmission(req(`/submissions/${id}`, { [FILL_HEADER]: fillSecret() }))).toBeNull();
  });
});

describe("cacheableRoute: the home page, the benchmark list and the API reference", () => {
  it("under every task's signature, or the build's; for visitors only", () => {
    expect(cacheableRoute(req("/"))).toEqual({ scope: "all", pool: "boards", key: "/" });
    expect(cacheableRoute(req("/api/v1/benchmarks"))).toEqual({
      scope: "all",
      pool: "boards",
      key: "/api/v1/benchmarks",
    });
    expect(cacheableRoute(req("/docs/api?x=1"))).toEqual({ scope: "build", pool: "details", key: "/docs/api" });
    expect(cacheableRoute(req("/", { cookie: "next-auth.session-token=abc" }))).toBeNull();
    expect(cacheableRoute(req("/api/v1/benchmarks", { authorization: "Bearer x" }))).toBeNull();
    expect(cacheableRoute(req("/docs/api", { rsc: "1", "next-router-prefetch": "1" }))).toBeNull();
    expect(cacheableRoute(req("/docs"))).toBeNull();
  });
  it("keeps boards, the pages below them and submissions in separate budgets", () => {
    expect(cacheableRoute(req("/tasks/bouncerbench/input"))?.pool).toBe("boards");
    expect(cacheableRoute(req("/tasks/bouncerbench/input/instances/x"))?.pool).toBe("details");
    expect(cacheableRoute(req("/api/v1/tasks/bouncerbench/input/releases"))?.pool).toBe("details");
    expect(cacheableRoute(req("/submissions/0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b"))?.pool).toBe("submissions");
  });
});

describe("cacheableRoute: a team's page and JSON", () => {
  it("under every task's signature and the team's members, for visitors only", () => {
    for (const p of ["/teams/bench", "/teams/bench?page=3", "/api/v1/teams/bench", "/api/v1/teams/bench?page=2"])
      expect(cacheableRoute(req(p))).toEqual({
        scope: "team",
        team: "bench",
        pool: "details",
        // the JSON reads no parameter
        key: p.replace("/api/v1/teams/bench?page=2", "/api/v1/teams/bench"),
      });
    expect(cacheableRoute(req("/teams/bench", { cookie: "next-auth.session-token=abc" }))).toBeNull();
    expect(cacheableRoute(req("/api/v1/teams/bench", { authorization: "Bearer x" }))).toBeNull();
    expect(cacheableRoute(req("/api/v1/teams/bench", {}, "PATCH"))).toBeNull();
    expect(cacheableRoute(req("/api/v1/teams/bench/invitations"))).toBeNull();
    expect(cacheableRoute(req("/api/v1/teams/bench/members/0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b"))).toBeNull();
    expect(cacheableRoute(req("/teams/Not_A_Slug"))).toBeNull();
  });
});

describe("cacheableRoute: README badges and preview images", () => {
  const id = "0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
  it("a submission's under its signature, a team's under its team's, the rest under the task's; for visitors only", () => {
    expect(cacheableRoute(req(`/badges/tasks/bouncerbench/input/submissions/${id}.svg`))).toEqual({
      scope: "submission",
      id,
      pool: "previews",
      key: `/badges/tasks/bouncerbench/input/submissions/${id}.svg`,
    });
    expect(cacheableRoute(req("/badges/tasks/bouncerbench/input/teams/bench.svg?style=x"))).toEqual({
      scope: "team",
      team: "bench",
      pool: "previews",
      key: "/badges/tasks/bouncerbench/input/teams/bench.svg",
    });
    expect(cacheableRoute(req("/og/tasks/cr-bench/review?v=abc&release=1.0&utm_source=x"))).toEqual({
      scope: "task",
      task: "cr-bench/review",
      pool: "previews",
      key: "/og/tasks/cr-bench/review?release=1.0&v=abc",
    });
    expect(cacheableRoute(req(`/og/tasks/cr-bench/review/compare?ids=${id},${id}&v=1`))).toMatchObject({
      task: "cr-bench/review",
      pool: "previews",
    });
    expect(cacheableRoute(req(`/og/submissions/${id}?v=1`))).toEqual({
      scope: "submission",
      id,
      pool: "previews",
      key: `/og/submissions/${id}?v=1`,
    });
    expect(cacheableRoute(req(`/og/submissions/${id}`, { cookie: "next-auth.session-token=abc" }))).toBeNull();
    expect(
      cacheableRoute(req("/badges/tasks/bouncerbench/input/teams/bench.svg", { authorization: "Bearer x" })),
    ).toBeNull();
    expect(cacheableRoute(req("/badges/tasks/bouncerbench/input/teams/bench.png"))).toBeNull();
    expect(cacheableRoute(req("/badges/tasks/bouncerbench/input/teams/Not_A_Slug.svg"))).toBeNull();
  });
  it("are no documents", () => {
    expect(isDocumentPath("/badges/tasks/a/b/teams/c.svg")).toBe(false);
    expect(isDocumentPath("/og/submissions/x")).toBe(false);
    expect(isDocumentPath("/api/v1/benchmarks")).toBe(false);
    expect(isDocumentPath("/tasks/a/b")).toBe(true);
    expect(isDocumentPath("/ogle")).toBe(true);
  });
});

describe("ownLifetime: what a cached answer tells shared caches", () => {
  it("keeps a render's own public lifetime, and nothing else", () => {
    expect(ownLifetime("public, max-age=60, stale-while-revalidate=30")).toBe(
      "public, max-age=60, stale-while-revalidate=30",
    );
    expect(ownLifetime("public, max-age=31536000, immutable")).toBe("public, max-age=31536000, immutable");
    for (const cc of [
      null,
      "private, no-store",
      "private, no-cache, no-store, max-age=0, must-revalidate",
      "public, max-age=0, must-revalidate",
      "public, max-age=60, no-store",
      "max-age=60",
    ])
      expect(ownLifetime(cc), String(cc)).toBeNull();
  });
});

describe("cacheableRoute: the key holds only what the route reads", () => {
  const key = (p: string) => cacheableRoute(req(p))?.key;
  const board = "/tasks/bouncerbench/input";
  const api = "/api/v1/tasks/bouncerbench/input";
  it("parameters nobody reads are dropped: junk cannot evict a board", () => {
    expect(key(`${board}?junk=1`)).toBe(board);
    expect(key(`${board}?utm_source=x&sort=F_m&junk=2`)).toBe(`${board}?sort=F_m`);
    expect(key(`${api}/leaderboard?limit=50&_=123`)).toBe(`${api}/leaderboard?limit=50`);
    expect(key("/teams/bench?page=2&ref=hn")).toBe("/teams/bench?page=2");
    expect(key("/api/v1/teams/bench?page=2")).toBe("/api/v1/teams/bench");
    expect(key("/")).toBe("/");
    expect(key("/?x=1")).toBe("/");
  });
  it("the parameters each page reads are kept: a board's view, the explorer's, a submission's", () => {
    expect(key(`${board}?print=1&view=all&release=1.0&q=a%20b`)).toBe(`${board}?print=1&q=a+b&release=1.0&view=all`);
    // `print` is the page's own: the API does not read it
    expect(key(`${api}/leaderboard?print=1&format=csv`)).toBe(`${api}/leaderboard?format=csv`);
    expect(key(`${board}/instances?min=10&repo=astropy&foo=1`)).toBe(`${board}/instances?min=10&repo=astropy`);
    expect(key(`${board}/instances/x?outcome=right&team=a&sort=id`)).toBe(`${board}/instances/x?outcome=right&team=a`);
    const sub = "/submissions/0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
    expect(key(`${sub}?outcome=wrong&by=repository&x=1`)).toBe(`${sub}?by=repository&outcome=wrong`);
    expect(key(`/api/v1${sub}/breakdown?by=repository&x=1`)).toBe(`/api/v1${sub}/breakdown?by=repository`);
    expect(key(`${sub}/predictions/abc?q=err&page=2&x=1`)).toBe(`${sub}/predictions/abc?page=2&q=err`);
    expect(key(`${board}/pivot?rows=agent&cols=base_model&x=1`)).toBe(`${board}/pivot?cols=base_model&rows=agent`);
    expect(key(`${api}/changelog?format=atom&before=x&y=1`)).toBe(`${api}/changelog?before=x&format=atom`);
    expect(key(`${board}/changelog?format=atom&before=x`)).toBe(`${board}/changelog?before=x`);
  });
  it("repeated parameters keep their values in order, and empty values stay (the board reports them)", () => {
    expect(key(`${board}?cols=b&x=1&cols=a&view=`)).toBe(`${board}?cols=b&cols=a&view=`);
    expect(key(`${board}/compare?ids=2&ids=1&junk=1`)).toBe(`${board}/compare?ids=2&ids=1`);
  });
});

describe("cacheableRoute: a client-side navigation's payload", () => {
  const tree = "%5B%22%22%2C%7B%7D%5D";
  // the router's `_rsc` for a navigation from the tree `tree` (its value is Next.js's to check)
  const busting = "p8Yq1vR0x7Lm2cQk";
  it("is a page's entry of its own, whatever view the router navigates from", () => {
    const html = cacheableRoute(req("/tasks/bouncerbench/input?sort=FNR_a"));
    const rsc = cacheableRoute(
      req(`/tasks/bouncerbench/input?sort=FNR_a&_rsc=${busting}`, { rsc: "1", "next-router-state-tree": tree }),
    );
    expect(html).toMatchObject({ scope: "task", key: "/tasks/bouncerbench/input?sort=FNR_a" });
    expect(rsc).toMatchObject({ scope: "task", pool: html!.pool, key: "/tasks/bouncerbench/input?sort=FNR_a#rsc" });
    const other = "%5B%22%22%2C%7B%22children%22%3A%5B%5D%7D%5D";
    const from = "Zx81bWc0r2Pq7YtA";
    expect(from).not.toBe(busting);
    expect(
      cacheableRoute(
        req(`/tasks/bouncerbench/input?sort=FNR_a&_rsc=${from}`, { rsc: "1", "next-router-state-tree": other }),
      )?.key,
    ).toBe("/tasks/bouncerbench/input?sort=FNR_a#rsc");
    const id = "0e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b";
    expect(cacheableRoute(req(`/submissions/${id}?_rsc=`, { rsc: "1" }))?.key).toBe(`/submissions/${id}#rsc`);
    // the parameters as the router sent them (the payload names its query)
    expect(cacheableRoute(req(`/tasks/bouncerbench/input?sort=FNR_a&dir=asc&junk=1&_rsc=`, { rsc: "1" }))?.key).toBe(
      "/tasks/bouncerbench/input?sort=FNR_a&dir=asc#rsc",
    );
  });
  it("is filled by a render of the whole tree, asked for as Next.js expects a request without the router's headers", () => {
    expect(fillRequest("/tasks/bouncerbench/input?sort=FNR_a#rsc")).toEqual({
      path: "/tasks/bouncerbench/input?sort=FNR_a&_rsc=",
      headers: { rsc: "1" },
    });
    expect(fillRequest("/tasks/bouncerbench/input#rsc")).toEqual({
      path: "/tasks/bouncerbench/input?_rsc=",
      headers: { rsc: "1" },
    });
    expect(fillRequest("/tasks/bouncerbench/input?sort=FNR_a")).toEqual({
      path: "/tasks/bouncerbench/input?sort=FNR_a",
      headers: {},
    });
  });
  it("takes a payload only with `_rsc` (the router always sends it), and a page never with one", () => {
    const page = "/tasks/bouncerbench/input?sort=FNR_a";
    expect(cacheableRoute(req(page, { rsc: "1", "next-router-state-tree": tree }))).toBeNull();
    expect(cacheableRoute(req(page, { rsc: "1" }))).toBeNull();
    expect(cacheableRoute(req(`${page}&_rsc=${busting}`))).toBeNull();
    expect(cacheableRoute(req(`${page}&_rsc=`))).toBeNull();
    // a prefetch or a development refresh is the app's
    expect(cacheableRoute(req(`${page}&_rsc=x`, { rsc: "1", "next-router-prefetch": "1" }))).toBeNull();
    expect(cacheableRoute(req(`${page}&_rsc=x`, { rsc: "1", "next-hmr-refresh": "1" }))).toBeNull();
  });
  it("is never the API's, a badge's or an image's: they answer whoever asks the same way", () => {
    expect(cacheableRoute(req("/api/v1/tasks/bouncerbench/input/leaderboard?_rsc=", { rsc: "1" }))).toBeNull();
    expect(cacheableRoute(req("/badges/tasks/bouncerbench/input/teams/bench.svg?_rsc=", { rsc: "1" }))).toBeNull();
    expect(cacheableRoute(req("/og/tasks/bouncerbench/input?_rsc=", { rsc: "1" }))).toBeNull();
  });
});

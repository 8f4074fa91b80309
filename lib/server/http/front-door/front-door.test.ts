// The front door (front-door.ts) over a real PostgreSQL and a stand-in for Next.js that renders
// what Next.js would: a page for a visitor, another for a signed-in reader, each with the nonce
// its policy names. What is checked is what the door itself decides: the request line, the
// client address, which renders are kept for visitors, the headers of a cached answer, and the
// body limit.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "@/test/helpers/db";
import { ensureTeam, hasSessionCookie } from "@/lib/server/auth";
import { frontDoor } from "./front-door";

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let server: http.Server;
let base = "";
/** A team page: a cached route whose render reads a parameter (`page`), under the team's signature. */
let team = "";
/** What the stand-in for Next.js was asked: path, client address, whether signed in. */
const renders: { url: string; address: string; signedIn: boolean; query: string[] }[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  team = `/teams/${(await ensureTeam(db.prisma, "Door Team")).slug}`;
  server = http.createServer({ maxHeaderSize: 16 * 1024 });
  const door = frontDoor({
    handle: async (req, res) => {
      const signedIn = hasSessionCookie(String(req.headers.cookie ?? "")) || Boolean(req.headers.authorization);
      const url = new URL(req.url!, "http://x");
      renders.push({
        url: req.url!,
        address: String(req.headers["x-client-address"]),
        signedIn,
        query: url.searchParams.getAll("page"),
      });
      if (req.method === "POST") {
        // the app refuses the body unread, as Next.js does when a handler cancels it: the request is destroyed
        req.destroy();
        res.writeHead(401, { "content-type": "application/json", connection: "close" });
        return void res.end('{"error":{"code":"unauthorized"}}');
      }
      const nonce = /'nonce-([^']+)'/.exec(String(req.headers["content-security-policy"] ?? ""))?.[1] ?? "";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store" });
      res.end(
        `<!DOCTYPE html><html><head><title>API</title></head><body><script nonce="${nonce}">self.x=1</script>` +
          `${signedIn ? "Signed in as admin@example.org" : "Sign in"} ${url.searchParams.getAll("page").join("+")}</body></html>`,
      );
    },
    port: () => (server.address() as AddressInfo).port,
    csp: {},
    hops: 0,
  });
  server.on("request", (req, res) => void door(req, res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await db?.drop();
});

/** A request written by hand (a request line fetch would never send). */
function raw(lines: string[], body = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const port = (server.address() as AddressInfo).port;
    const s = net.connect(port, "127.0.0.1", () => s.write(`${lines.join("\r\n")}\r\n\r\n${body}`));
    let out = "";
    s.on("data", (d) => (out += d));
    s.on("end", () => resolve(out));
    s.on("error", reject);
  });
}

describe("the request line", () => {
  it("a target over 8 KB is a 414; headers past 16 KB a 431 (Node's parser)", async () => {
    expect((await fetch(`${base}/docs/api?q=${"a".repeat(9000)}`)).status).toBe(414);
    expect((await fetch(`${base}/docs/api`, { headers: { "x-big": "a".repeat(20_000) } })).status).toBe(431);
  });
  it("an absolute-form target naming another host is a 400, never a redirect to it; naming this one, its path", async () => {
    const host = new URL(base).host;
    const other = await raw(["GET http://evil.example/docs/api HTTP/1.1", `Host: ${host}`, "Connection: close"]);
    expect(other.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
    expect(other).not.toMatch(/location:/i);
    const same = await raw([`GET http://${host}/docs/api HTTP/1.1`, `Host: ${host}`, "Connection: close"]);
    expect(same.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
    const star = await raw(["OPTIONS * HTTP/1.1", `Host: ${host}`, "Connection: close"]);
    expect(star.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
  });
  it("framing Node refuses stays refused (Content-Length with Transfer-Encoding)", async () => {
    const host = new URL(base).host;
    const smuggle = await raw(
      ["POST /api/v1/x HTTP/1.1", `Host: ${host}`, "Content-Length: 4", "Transfer-Encoding: chunked"],
      "0\r\n\r\n",
    );
    expect(smuggle.split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
  });
});

describe("the client address", () => {
  it("is the socket's peer, whatever the client claims", async () => {
    renders.length = 0;
    await (await fetch(`${base}/signin`, { headers: { "x-client-address": "203.0.113.9" } })).text();
    expect(renders.at(-1)?.address).toBe("127.0.0.1");
  });
});

describe("only visitors' renders are kept for visitors", () => {
  it("a signed-in reader first, then a visitor: the visitor never gets the signed-in render", async () => {
    const path = `${team}?page=1`;
    const signedIn = await fetch(`${base}${path}`, { headers: { cookie: "next-auth.session-token=abc" } });
    expect(await signedIn.text()).toContain("Signed in as");
    expect(signedIn.headers.get("x-leaderboard-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toMatch(/private|no-store/);
    const bearer = await fetch(`${base}${path}`, { headers: { authorization: "Bearer lbt_x" } });
    expect(await bearer.text()).toContain("Signed in as");
    for (let i = 0; i < 2; i++) {
      const visitor = await fetch(`${base}${path}`);
      const html = await visitor.text();
      expect(html).not.toContain("Signed in as");
      expect(html).toContain("Sign in");
      expect(visitor.headers.get("x-leaderboard-cache")).toBe(i ? "hit" : "miss");
      // a shared cache may keep it briefly, per coding; a browser revalidates
      expect(visitor.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(visitor.headers.get("vary")).toMatch(/Accept-Encoding/i);
    }
    // and a signed-in reader after the visitor gets their own render again
    const again = await fetch(`${base}${path}`, { headers: { cookie: "next-auth.session-token=abc" } });
    expect(await again.text()).toContain("Signed in as");
  });
  it("the render that fills an entry carries no cookie or credential of the visitor who asked", async () => {
    renders.length = 0;
    const res = await fetch(`${base}${team}?page=2`, { headers: { cookie: "next-auth.csrf-token=abc; other=1" } });
    await res.text();
    expect(res.headers.get("x-leaderboard-cache")).toBe("miss");
    expect(renders.map((r) => r.signedIn)).toEqual([false]);
  });
  it("a repeated parameter reaches the render as it was sent (one URL, one meaning, in the cache and the page)", async () => {
    renders.length = 0;
    const a = await (await fetch(`${base}${team}?page=3&page=4`)).text();
    const b = await (await fetch(`${base}${team}?page=4&page=3&junk=1`)).text();
    expect(a).toContain("3+4");
    expect(b).toContain("4+3");
    // a parameter nobody reads is not part of the URL's meaning: the same entry
    const c = await fetch(`${base}${team}?junk=2&page=3&page=4`);
    expect(await c.text()).toBe(a);
    expect(c.headers.get("x-leaderboard-cache")).toBe("hit");
  });
  it("a cached page's policy names the nonce on its scripts, never one a client chose", async () => {
    const res = await fetch(`${base}${team}?page=5`, {
      headers: { "x-leaderboard-cache-nonce": "AAAAAAAAAAAAAAAAAAAAAA", "x-leaderboard-cache-fill": "1" },
    });
    const html = await res.text();
    const nonce = /'nonce-([A-Za-z0-9_-]{22})'/.exec(res.headers.get("content-security-policy") ?? "")![1];
    expect(nonce).not.toBe("AAAAAAAAAAAAAAAAAAAAAA");
    expect(html).toContain(`<script nonce="${nonce}">`);
  });
});

describe("body limits", () => {
  it("a body declared larger than any route accepts is a 413 at the door, and its answer arrives", async () => {
    const host = new URL(base).host;
    const out = await raw(
      ["POST /api/v1/tasks/a/b/submissions HTTP/1.1", `Host: ${host}`, `Content-Length: ${2 ** 40}`],
      "x".repeat(1000),
    );
    expect(out.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
    expect(out).toContain("payload_too_large");
  });
  it("a body the app refuses unread: its answer reaches the client before the socket closes", async () => {
    const host = new URL(base).host;
    const out = await raw(
      ["POST /api/v1/tasks/a/b/submissions HTTP/1.1", `Host: ${host}`, "Content-Length: 5000000"],
      "x".repeat(200_000),
    );
    expect(out.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
    expect(out).toContain("unauthorized");
  });
});

describe("writes to pages (the account page's server functions)", () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${base}/account`, { method: "POST", headers: { "content-type": "text/plain", ...headers }, body: "[]" });
  const reached = () => renders.filter((r) => r.url === "/account").length;

  it("from another site: a 403 at the door, never reaching the app (the framework would answer 500)", async () => {
    const before = reached();
    const forged: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "http://evil.example", cookie: "next-auth.session-token=x" },
    ];
    for (const h of forged) {
      const res = await post(h);
      expect([JSON.stringify(h), res.status]).toEqual([JSON.stringify(h), 403]);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    }
    expect(reached()).toBe(before);
  });

  it("riding on a session cookie without saying where it comes from: refused; from this site: the app answers", async () => {
    const cookie = "next-auth.session-token=x";
    expect((await post({ cookie })).status).toBe(403);
    const before = reached();
    const host = new URL(base).host;
    expect((await post({ cookie, origin: `http://${host}` })).status).toBe(401);
    expect((await post({ cookie, "sec-fetch-site": "same-origin" })).status).toBe(401);
    // a cookie-less write has no session to forge; GETs are never checked
    expect((await post({})).status).toBe(401);
    expect((await fetch(`${base}/account`, { headers: { origin: "http://evil.example" } })).status).toBe(200);
    expect(reached()).toBe(before + 4);
  });
});

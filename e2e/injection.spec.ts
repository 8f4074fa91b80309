// Nothing a user typed is ever markup (issue 45): names, system fields and prediction traces from
// a corpus of injection strings are uploaded through the real endpoint, then every reader page
// type (and the signed-in ones) is opened in Chromium — as a visitor and as an admin, with
// JavaScript on and off, from the response cache's miss and its hit — and none may show a dialog,
// run a script, or hold an element or attribute the app did not write. docs/security.md lists
// what this covers.
import { expect, test, type Browser } from "@playwright/test";
import { E2E } from "../playwright.config";
import { adminToken, inputIds, signIn, teamToken } from "./helpers";

const base = E2E.baseURL;

/** Each tries to break out of a different context: text, RCDATA (<title>), attributes, scripts, URLs. */
const CORPUS = [
  "x</title><script>alert(1)</script>",
  '"><script>alert(2)</script>',
  "'><img src=x onerror=alert(3)>",
  "</style><script>alert(4)</script>",
  "</script><script>alert(5)</script>",
  "<svg onload=alert(6)>",
  '<iframe srcdoc="<script>alert(7)</script>">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(8)>",
  "{{constructor.constructor('alert(9)')()}}",
  '"};alert(10);//',
  "＜script＞alert(11)＜/script＞",
  "<!--<script>alert(12)</script>-->",
  '<a href="javascript:alert(13)">x</a>',
  "\\u003cscript\\u003ealert(14)\\u003c/script\\u003e",
  '<object data="data:text/html,<script>alert(15)</script>">',
  "]]><script>alert(16)</script>",
];
/** URLs a link could carry: refused at upload (422), never rendered as a link. */
const BAD_URLS = ["javascript:alert(20)", "data:text/html,<script>alert(21)</script>", "vbscript:msgbox(22)"];

let uploaded: { id: string; model: string }[] = [];
let token = "";
/** a snapshot that froze the board with the corpus on it (issue 48: every board change is frozen within seconds) */
let frozen = "";
const instance = inputIds()[0];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  token = await teamToken(base, adminToken(), "injectors");
  const ids = inputIds();
  for (const [i, text] of CORPUS.entries()) {
    const file = JSON.stringify(
      Object.fromEntries(ids.map((id, k) => [id, { input_bounce: (k + i) % 3 === 0, trace: k < 3 ? text : null }])),
    );
    const fd = new FormData();
    fd.set("model", text);
    fd.set("system", text);
    fd.set("agent", text.slice(0, 80));
    fd.set("base_model", text.slice(0, 80));
    fd.set("file", new Blob([file]), "p.json");
    const res = await fetch(`${base}/api/v1/tasks/bouncerbench/input/submissions`, {
      method: "POST",
      body: fd,
      headers: { authorization: `Bearer ${token}` },
    });
    expect([201, 422], `${text}: ${await res.clone().text()}`).toContain(res.status);
    if (res.status === 201) uploaded.push({ id: ((await res.json()) as { id: string }).id, model: text });
  }
  // nearly all are names like any other (a few characters a name may not hold are refused)
  expect(uploaded.length).toBeGreaterThanOrEqual(CORPUS.length - 2);
  const last = uploaded[uploaded.length - 1].id;
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/snapshots`)).json()) as {
          snapshots: { id: string; hidden: boolean; takenDown: unknown }[];
        };
        const newest = list.snapshots.find((x) => !x.hidden && !x.takenDown);
        if (!newest) return false;
        const board = await fetch(`${base}/api/v1/snapshots/${newest.id}/files/board.csv.gz`);
        const { gunzipSync } = await import("node:zlib");
        frozen = newest.id;
        return gunzipSync(Buffer.from(await board.arrayBuffer()))
          .toString()
          .includes(last);
      },
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  // out of the boards the other specs read
  for (const { id } of uploaded) {
    const res = await fetch(`${base}/api/v1/submissions/${id}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${adminToken()}`, "content-type": "application/json" },
      body: JSON.stringify({ withdrawn: true }),
    });
    expect(res.status, await res.text()).toBe(200);
  }
  // the boards drop them once their refresh has run (a job)
  const gone = new Set(uploaded.map((u) => u.id));
  await expect
    .poll(
      async () => {
        const board = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/leaderboard?view=all`)).json()) as {
          rows: { submissionId: string }[];
        };
        return board.rows.filter((r) => gone.has(r.submissionId)).length;
      },
      { timeout: 60_000 },
    )
    .toBe(0);
  uploaded = [];
});

test("a link a user gives is http(s) or refused: javascript:, data: and vbscript: are a 422", async () => {
  for (const url of BAD_URLS)
    for (const field of ["site", "logs_url", "code_url"]) {
      const fd = new FormData();
      fd.set("model", "url-probe");
      fd.set(field, url);
      fd.set("file", new Blob([JSON.stringify({ [instance]: { input_bounce: true } })]), "p.json");
      const res = await fetch(`${base}/api/v1/tasks/bouncerbench/input/submissions`, {
        method: "POST",
        body: fd,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, `${field}=${url}`).toBe(422);
    }
});

/** Every page type a reader (and an admin) opens, with the corpus in names, fields, traces and queries. */
function pages(): string[] {
  const [a, b] = uploaded;
  const q = encodeURIComponent(CORPUS[0]);
  return [
    "/",
    "/tasks/bouncerbench/input",
    "/tasks/bouncerbench/input?view=all&limit=200",
    `/tasks/bouncerbench/input?q=${q}`,
    `/submissions/${a.id}`,
    `/submissions/${b.id}?outcome=wrongly_bounced`,
    `/submissions/${a.id}/predictions/${instance}`,
    `/tasks/bouncerbench/input/compare?ids=${a.id}&ids=${b.id}`,
    "/tasks/bouncerbench/input/instances",
    `/tasks/bouncerbench/input/instances?q=${q}`,
    `/tasks/bouncerbench/input/instances/${instance}`,
    "/tasks/bouncerbench/input/pivot",
    "/tasks/bouncerbench/input/changelog",
    "/tasks/bouncerbench/input/releases",
    "/teams/injectors",
    "/docs/api",
    // the frozen board (names as the snapshot holds them) and the snapshot's own page
    `/tasks/bouncerbench/input?snapshot=${frozen}&view=all`,
    `/snapshots/${frozen}`,
  ];
}

/** What the page holds that the app did not write: injected elements, handlers, script URLs, foreign scripts. */
function foreignMarkup(): string[] {
  const bad: string[] = [];
  const urlAttrs = new Set(["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc"]);
  // React's own guard on a form whose action is a function (a server function), word for word: with
  // scripts React sets it, so that a submit it did not take errors instead of posting
  const reactFormGuard =
    "javascript:throw new Error('A React form was unexpectedly submitted. If you called form.submit() manually, consider using form.requestSubmit() instead. If you\\'re trying to use event.stopPropagation() in a submit event handler, consider also calling event.preventDefault().')";
  for (const el of document.querySelectorAll("*")) {
    if (["IFRAME", "OBJECT", "EMBED", "FRAME", "MGLYPH"].includes(el.tagName)) bad.push(`element ${el.tagName}`);
    for (const name of el.getAttributeNames()) {
      const value = el.getAttribute(name) ?? "";
      if (/^on/i.test(name)) bad.push(`${el.tagName} ${name}="${value.slice(0, 40)}"`);
      // (a download the app writes as a data: URL is a file, not a document: BibTeX, YAML, CSV)
      if (
        urlAttrs.has(name.toLowerCase()) &&
        !((name === "action" || name === "formaction") && value === reactFormGuard) &&
        /^\s*(javascript:|vbscript:|data:\s*(text\/html|text\/xml|application\/xhtml|image\/svg|text\/javascript|application\/javascript))/i.test(
          value,
        )
      )
        bad.push(`${el.tagName} ${name}="${value.slice(0, 40)}"`);
    }
  }
  for (const s of document.querySelectorAll("script")) {
    if (s.src) {
      if (new URL(s.src).origin !== location.origin) bad.push(`script from ${s.src}`);
    } else if (!s.nonce) bad.push(`inline script without the page's nonce: ${s.textContent?.slice(0, 60)}`);
  }
  if ((window as unknown as { __pwned?: unknown }).__pwned) bad.push("a script of the corpus ran");
  return bad;
}

async function visit(browser: Browser, opts: { javaScriptEnabled: boolean; cookie?: string; times: number }) {
  const context = await browser.newContext({ javaScriptEnabled: opts.javaScriptEnabled });
  if (opts.cookie)
    await context.addCookies(
      opts.cookie.split("; ").map((c) => {
        const at = c.indexOf("=");
        return { name: c.slice(0, at), value: c.slice(at + 1), url: base };
      }),
    );
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const what = `${opts.cookie ? "admin" : "visitor"}, JavaScript ${opts.javaScriptEnabled ? "on" : "off"}`;
  const caches = new Set<string>();
  for (const path of [...pages(), ...(opts.cookie ? ["/admin", "/account", "/admin/activity"] : [])])
    for (let i = 0; i < opts.times; i++) {
      const res = await page.goto(path, { waitUntil: "load" });
      expect(res?.status(), `${what}: ${path}`).toBe(200);
      caches.add(res?.headers()["x-leaderboard-cache"] ?? "none");
      if (opts.javaScriptEnabled) await page.waitForFunction(() => document.readyState === "complete");
      expect(await page.evaluate(foreignMarkup), `${what}: ${path}`).toEqual([]);
    }
  // the corpus is text on the page: the submission's title and heading say it as it was typed
  const shown = uploaded[0];
  await page.goto(`/submissions/${shown.id}`);
  expect(await page.title()).toContain(shown.model);
  await expect(page.locator("h1")).toContainText(shown.model);
  await context.close();
  expect(dialogs, what).toEqual([]);
  return caches;
}

test("as a visitor, JavaScript on and off, from the cache's miss and its hit: no dialog, no foreign markup", async ({
  browser,
}) => {
  const off = await visit(browser, { javaScriptEnabled: false, times: 2 });
  const on = await visit(browser, { javaScriptEnabled: true, times: 2 });
  // both the miss (first read) and the hit (second) were answered from the response cache
  expect([...off, ...on]).toEqual(expect.arrayContaining(["miss", "hit"]));
});

test("as an admin (never cached), JavaScript on and off: no dialog, no foreign markup", async ({ browser }) => {
  const { cookie, status } = await signIn(E2E.adminEmail, E2E.adminPassword);
  expect(status).toBe(200);
  for (const javaScriptEnabled of [false, true]) {
    const caches = await visit(browser, { javaScriptEnabled, cookie, times: 1 });
    expect([...caches]).toEqual(["none"]);
  }
});

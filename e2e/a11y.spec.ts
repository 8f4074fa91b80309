// Every page of the app — the list is generated from app/**/page.tsx, with seeded data for the
// dynamic segments — checked the way readers use it: axe-core's WCAG 2 A/AA rules in light and
// dark mode (no serious or critical violation), and at 390 px wide (nothing scrolls sideways).
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { listRoutes } from "../test/helpers/router";

interface Target {
  route: string;
  url: string;
  /** sign in as the admin first */
  admin?: boolean;
}

async function seededIds() {
  const base = E2E.baseURL;
  const lb = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/leaderboard`)).json()) as {
    rows: { submissionId: string; baseline: string | null }[];
    release: { version: string };
  };
  const subs = lb.rows.filter((r) => !r.baseline).map((r) => r.submissionId);
  const lite = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/lite/leaderboard`)).json()) as {
    rows: { submissionId: string; baseline: string | null }[];
  };
  const av = (await (await fetch(`${base}/api/v1/tasks/abstain-validate/repair/leaderboard`)).json()) as {
    rows: { submissionId: string; baseline: string | null }[];
  };
  const instance = Object.keys(
    JSON.parse(fs.readFileSync(path.resolve("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json"), "utf8")),
  )[0];
  const team = (await (await fetch(`${base}/api/v1/submissions/${subs[0]}`)).json()) as { team: { slug: string } };
  // a snapshot of the seeded board (made by a job a moment after the seed: waited for)
  let snapshot = "";
  for (let i = 0; i < 60 && !snapshot; i++) {
    const list = (await (await fetch(`${base}/api/v1/tasks/bouncerbench/input/snapshots`)).json()) as {
      snapshots: { id: string; takenDown: unknown; hidden: boolean }[];
    };
    snapshot = list.snapshots.find((x) => !x.takenDown && !x.hidden)?.id ?? "";
    if (!snapshot) await new Promise((r) => setTimeout(r, 500));
  }
  return {
    snapshot,
    subs,
    version: lb.release.version,
    instance,
    lite: lite.rows.find((r) => !r.baseline)!.submissionId,
    av: av.rows.find((r) => !r.baseline)!.submissionId,
    team: team.team.slug,
  };
}

/** One or more URLs per page of the app: a new page without an entry here fails the first test. */
function targetsFor(route: string, ids: Awaited<ReturnType<typeof seededIds>>): Target[] | null {
  const t = "/tasks/bouncerbench/input";
  const map: Record<string, Target[]> = {
    "/": [{ route, url: "/" }],
    "/account": [{ route, url: "/account", admin: true }],
    "/admin": [{ route, url: "/admin", admin: true }],
    "/signin": [{ route, url: "/signin" }],
    "/signup": [{ route, url: "/signup" }],
    "/submit": [{ route, url: "/submit" }],
    "/submissions/[id]": [
      { route, url: `/submissions/${ids.subs[0]}` },
      { route, url: `/submissions/${ids.lite}` },
      { route, url: `/submissions/${ids.av}` },
    ],
    "/submissions/[id]/predictions/[instance]": [
      { route, url: `/submissions/${ids.subs[0]}/predictions/${ids.instance}` },
      { route, url: `/submissions/${ids.subs[0]}/predictions/${ids.instance}?q=the` },
    ],
    "/tasks/[benchmark]/[task]": [
      { route, url: t },
      { route, url: "/tasks/bouncerbench/lite" },
      { route, url: "/tasks/abstain-validate/repair" },
      { route, url: "/tasks/ci-bench/repair" },
      { route, url: "/tasks/cr-bench/review" },
    ],
    "/tasks/[benchmark]/[task]/compare": [{ route, url: `${t}/compare?ids=${ids.subs[0]},${ids.subs[1]}` }],
    "/tasks/[benchmark]/[task]/instances": [{ route, url: `${t}/instances` }],
    "/tasks/[benchmark]/[task]/instances/[id]": [{ route, url: `${t}/instances/${ids.instance}` }],
    "/tasks/[benchmark]/[task]/releases": [{ route, url: `${t}/releases` }],
    "/tasks/[benchmark]/[task]/releases/[version]": [{ route, url: `${t}/releases/${ids.version}` }],
    "/tasks/[benchmark]/[task]/submit": [
      { route, url: `${t}/submit`, admin: true },
      // the judge's fields (CR-Bench) and the pipeline composer (Lite)
      { route, url: "/tasks/cr-bench/review/submit", admin: true },
      { route, url: "/tasks/bouncerbench/lite/submit", admin: true },
    ],
    "/tasks/[benchmark]/[task]/changelog": [{ route, url: `${t}/changelog` }],
    "/tasks/[benchmark]/[task]/pivot": [{ route, url: `/tasks/ci-bench/repair/pivot` }],
    "/teams/[slug]": [
      { route, url: `/teams/${ids.team}` },
      { route, url: "/teams/admins", admin: true },
    ],
    // an invitation that does not exist answers the 404 page; a real one is checked in e2e/teams.spec.ts
    "/invitations/[token]": [{ route, url: "/invitations/lbi_not-a-real-invitation-token" }],
    "/admin/activity": [{ route, url: "/admin/activity", admin: true }],
    "/docs/api": [{ route, url: "/docs/api" }],
    "/snapshots/[id]": [{ route, url: `/snapshots/${ids.snapshot || "0".repeat(64)}` }],
  };
  return map[route] ?? null;
}

const pages = listRoutes().filter((r) => r.kind === "page");

async function signInAdmin(page: Page) {
  await page.goto("/signin");
  await page.getByLabel("Email").fill(E2E.adminEmail);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/signin"));
}

let targets: Target[] = [];
test.beforeAll(async () => {
  const ids = await seededIds();
  targets = pages.flatMap((p) => targetsFor(p.pattern, ids) ?? []);
});

test("every page of the app is in the list", async () => {
  const ids = await seededIds();
  expect(pages.filter((p) => targetsFor(p.pattern, ids) === null).map((p) => p.pattern)).toEqual([]);
});

/** Visits every target, the visitors' pages first, then signed in as the admin for the rest. */
async function eachTarget(page: Page, check: (t: Target) => Promise<void>) {
  for (const admin of [false, true]) {
    if (admin) await signInAdmin(page);
    for (const t of targets.filter((x) => Boolean(x.admin) === admin)) {
      await page.goto(t.url);
      await page.waitForLoadState("networkidle");
      await check(t);
    }
  }
}

for (const scheme of ["light", "dark"] as const) {
  test(`no serious or critical axe violation (WCAG 2 A/AA), ${scheme} mode`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    await eachTarget(page, async (t) => {
      const r = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      for (const v of r.violations.filter((v) => v.impact === "serious" || v.impact === "critical")) {
        found.push(
          `${t.url} [${scheme}] ${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(" | ")}`,
        );
      }
    });
    expect(found).toEqual([]);
  });
}

test("each page has its own <title>: no two pages share one, none is the bare site name", async ({ page }) => {
  test.setTimeout(240_000);
  const byTitle = new Map<string, Set<string>>();
  await eachTarget(page, async (t) => {
    const title = await page.title();
    byTitle.set(title, (byTitle.get(title) ?? new Set()).add(t.route));
  });
  expect([...byTitle.keys()].filter((t) => t === "Trustworthy SE Agents Leaderboard" || !t.trim())).toEqual([]);
  const shared = [...byTitle].filter(([, routes]) => routes.size > 1).map(([t, r]) => `${t}: ${[...r].join(", ")}`);
  expect(shared).toEqual([]);
});

test("nothing scrolls sideways at 390 px: wide tables scroll inside their own box", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const wide: string[] = [];
  await eachTarget(page, async (t) => {
    const { scroll, inner } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    if (scroll > inner) wide.push(`${t.url}: ${scroll} > ${inner}`);
  });
  expect(wide).toEqual([]);
});

test("at 390 px the navigation is a menu that opens with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up" })).toBeHidden();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: "Sign up" })).toBeVisible();
});

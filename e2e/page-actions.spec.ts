// The pages' action buttons (make public, withdraw, verify, hide with a reason, show again, delete;
// an invitation made, accepted from a sign-up and left) without JavaScript and with it: each is a form posting to the page's server function
// (app/page-actions.ts), answered with a 303 to the page as it now is, so a browser without
// scripts does what one with them does (scripts add speed, never function). A button that asks
// first asks with a second button without scripts and with confirm() with them; an operation above
// the signed-in user's access changes nothing; a refusal is the form's message.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { bounceFile, e2eDatabaseUrl, inputIds, queryAt, reactLive, signUp } from "./helpers";

type Row = { visibility: string; verified_at: Date | null; hidden_reason: string | null; withdrawn_at: Date | null };

/** The submission's moderation columns as stored (no row: deleted). */
async function stored(id: string): Promise<Row | undefined> {
  const rows = await queryAt<Row>(
    e2eDatabaseUrl(),
    `SELECT visibility, verified_at, hidden_reason, withdrawn_at FROM submissions WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** A private upload of the page's session (same-site, as the upload form sends it); its id. */
async function upload(page: Page, model: string, bounce: (i: number) => boolean): Promise<string> {
  const res = await page.request.post("/api/v1/tasks/bouncerbench/input/submissions", {
    headers: { origin: E2E.baseURL },
    multipart: {
      model,
      visibility: "private",
      file: { name: "preds.json", mimeType: "application/json", buffer: Buffer.from(bounceFile(inputIds(), bounce)) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A context without JavaScript holding the same session as `signedIn`. */
async function withoutScripts(browser: Browser, signedIn: BrowserContext): Promise<Page> {
  const ctx = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.storageState() });
  return ctx.newPage();
}

test("action buttons work without JavaScript, ask first, keep to the user's access, and answer a refusal on the page", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const ownerCtx = await browser.newContext();
  const ownerJs = await ownerCtx.newPage();
  await signUp(ownerJs, `Actions ${stamp}`, `actions-${stamp}@example.test`);
  const slug = new URL(
    (await ownerJs.getByRole("link", { name: `Actions ${stamp}` }).getAttribute("href"))!,
    E2E.baseURL,
  ).pathname.split("/")[2];
  const a = await upload(ownerJs, `act-a-${stamp}`, (i) => i % 2 === 0);
  const b = await upload(ownerJs, `act-b-${stamp}`, (i) => i % 3 === 0);
  const c = await upload(ownerJs, `act-c-${stamp}`, (i) => i % 5 === 0);

  // the team's owner, without scripts: make public is one post, answered with the page as it now is
  const owner = await withoutScripts(browser, ownerCtx);
  await owner.goto(`/submissions/${a}`);
  await owner.getByRole("button", { name: "Make public" }).click();
  await expect(owner).toHaveURL(new RegExp(`/submissions/${a}$`));
  await expect(owner.getByRole("button", { name: "Make private" })).toBeVisible();
  expect((await stored(a))?.visibility).toBe("public");
  // withdraw asks first: the first post only asks, the second button does it
  await owner.getByTestId("withdraw").click();
  await expect(owner.getByRole("alert")).toContainText(`Withdraw act-a-${stamp}?`);
  expect((await stored(a))?.withdrawn_at).toBeNull();
  await owner.getByTestId("confirm-action").click();
  await expect(owner.getByTestId("withdraw")).toHaveCount(0);
  expect((await stored(a))?.withdrawn_at).not.toBeNull();

  // an admin's operation sent by the owner (the page's own form, its operation changed): refused, nothing changes
  await owner.goto(`/submissions/${b}`);
  const form = owner.locator("form").filter({ has: owner.getByRole("button", { name: "Make public" }) });
  const fields = await form.evaluate((f) => [...new FormData(f as HTMLFormElement)].map(([k, v]) => [k, String(v)]));
  const forged = Object.fromEntries(fields.map(([k, v]) => [k, k === "op" ? "submission-delete" : v]));
  const refused = await owner.request.post(`/submissions/${b}`, {
    headers: { origin: E2E.baseURL },
    multipart: forged,
  });
  expect(refused.status()).toBe(200);
  expect(await refused.text()).toContain("admins only");
  expect(await stored(b)).toBeDefined();
  // the same form as sent: done, and answered with a 303 to the page (a reload never sends it again)
  const sent = await owner.request.post(`/submissions/${b}`, {
    headers: { origin: E2E.baseURL },
    multipart: Object.fromEntries(fields),
    maxRedirects: 0,
  });
  expect([sent.status(), sent.headers()["location"]]).toEqual([303, `/submissions/${b}`]);
  expect((await stored(b))?.visibility).toBe("public");

  // an admin, without scripts: verify, hide with a reason, show again, delete (asked first)
  const adminCtx = await browser.newContext();
  const adminJs = await adminCtx.newPage();
  await adminJs.goto("/signin");
  await adminJs.getByLabel("Email").fill(E2E.adminEmail);
  await adminJs.getByLabel("Password").fill(E2E.adminPassword);
  await adminJs.getByRole("button", { name: "Sign in" }).click();
  await adminJs.waitForURL((u) => !u.pathname.startsWith("/signin"));
  const admin = await withoutScripts(browser, adminCtx);
  await admin.goto(`/submissions/${b}`);
  await admin.getByTestId("verify").click();
  await expect(admin.getByRole("button", { name: "Withdraw verification" })).toBeVisible();
  expect((await stored(b))?.verified_at).not.toBeNull();
  await admin.getByTestId("hide-open").click();
  await admin.getByLabel("Why is it hidden? (its team sees this)").fill(`copied from a paper ${stamp}`);
  await admin.getByTestId("hide").click();
  await expect(admin.getByRole("button", { name: "Show again" })).toBeVisible();
  expect((await stored(b))?.hidden_reason).toBe(`copied from a paper ${stamp}`);
  await admin.getByRole("button", { name: "Show again" }).click();
  await expect(admin.getByTestId("hide-open")).toBeVisible();
  expect((await stored(b))?.hidden_reason).toBeNull();
  await admin.getByRole("button", { name: "Delete" }).click();
  await expect(admin.getByRole("alert")).toContainText("This cannot be undone.");
  expect(await stored(b)).toBeDefined();
  await admin.getByTestId("confirm-action").click();
  await expect(admin).toHaveURL(/\/tasks\/bouncerbench\/input$/);
  expect(await stored(b)).toBeUndefined();
  // a refusal comes back as the form's message on the page, not as an error page: the team's only
  // owner cannot leave it
  await owner.goto(`/teams/${slug}`);
  await owner.getByRole("button", { name: "Leave" }).click();
  await expect(owner.getByRole("alert")).toContainText(`Leave Actions ${stamp}?`);
  await owner.getByTestId("confirm-action").click();
  await expect(owner.getByRole("alert")).toHaveText("a team needs an owner: make someone else an owner first");
  await expect(owner).toHaveURL(new RegExp(`/teams/${slug}$`));

  // an invitation without scripts: the owner makes the link; an account signed up without scripts
  // from it comes back to it, accepts (the team's page next), and leaves (asked first; the account next)
  await owner.getByTestId("invite").click();
  const invitation = new URL(await owner.getByTestId("invite-url").inputValue()).pathname;
  const guestCtx = await browser.newContext({ javaScriptEnabled: false });
  const guest = await guestCtx.newPage();
  await guest.goto(`/signup?callbackUrl=${encodeURIComponent(invitation)}`);
  await guest.getByLabel(/Name/).fill(`Guest ${stamp}`);
  await guest.getByLabel("Email").fill(`guest-${stamp}@example.test`);
  await guest.getByLabel(/Password/).fill("a long passphrase here");
  await guest.getByRole("button", { name: "Create account" }).click();
  await expect(guest).toHaveURL(new RegExp(`${invitation}$`));
  await guest.getByTestId("accept").click();
  await expect(guest).toHaveURL(new RegExp(`/teams/${slug}$`));
  const mine = guest
    .getByTestId("members")
    .getByRole("row")
    .filter({ hasText: `guest-${stamp}@example.test` });
  await mine.getByRole("button", { name: "Leave" }).click();
  await guest.getByTestId("confirm-action").click();
  await expect(guest).toHaveURL(/\/account$/);
  await owner.reload();
  await expect(owner.getByTestId("members")).not.toContainText(`guest-${stamp}@example.test`);
  await guestCtx.close();

  // with JavaScript: confirm() asks; dismissed, nothing happens; accepted, the board is next
  await adminJs.goto(`/submissions/${c}`);
  await reactLive(adminJs);
  const asked: string[] = [];
  adminJs.once("dialog", (d) => void (asked.push(d.message()), d.dismiss()));
  await adminJs.getByRole("button", { name: "Delete" }).click();
  expect(asked).toEqual([`Delete act-c-${stamp} with its predictions and scores? This cannot be undone.`]);
  expect(await stored(c)).toBeDefined();
  adminJs.once("dialog", (d) => void d.accept());
  await adminJs.getByRole("button", { name: "Delete" }).click();
  await expect(adminJs).toHaveURL(/\/tasks\/bouncerbench\/input$/);
  expect(await stored(c)).toBeUndefined();
  await ownerCtx.close();
  await adminCtx.close();
  await owner.context().close();
  await admin.context().close();
});

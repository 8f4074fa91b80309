// API tokens from the account page, with JavaScript and without: the forms are server functions,
// so a browser without scripts creates and revokes tokens as one with them does (scripts add
// speed, never function). Each token is tried against the API: it works once created and is
// refused once revoked.
import { expect, request, test, type Page } from "@playwright/test";
import { E2E } from "../playwright.config";
import { reactLive, signUp } from "./helpers";

/** Whether the API takes this token (a request of its own: no session cookie beside it). */
async function tokenWorks(token: string): Promise<number> {
  const api = await request.newContext({ baseURL: E2E.baseURL });
  const res = await api.get("/api/v1/me", { headers: { authorization: `Bearer ${token}` } });
  await api.dispose();
  return res.status();
}

/** Creates a token named `name` through the form; returns its secret as the page shows it once. */
async function createToken(page: Page, name: string): Promise<string> {
  await page.getByLabel("Token name").fill(name);
  await page.getByRole("button", { name: "Create API token" }).click();
  const secret = (await page.getByTestId("new-token").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^lbt_[\w-]{32}$/);
  await expect(page.getByTestId("tokens")).toContainText(`${secret.slice(0, 10)}… ${name}`);
  await expect(page.getByTestId("token-curl")).toContainText(
    `${E2E.baseURL}/api/v1/tasks/bouncerbench/input/submissions`,
  );
  return secret;
}

test("API tokens: created and revoked from the account page, with JavaScript and without", async ({ browser }) => {
  const stamp = Date.now();
  const withJs = await browser.newContext();
  const page = await withJs.newPage();
  await signUp(page, `Token Lab ${stamp}`, `tokens-${stamp}@example.test`);

  // with JavaScript: no reload, a confirmation before a revoke
  await reactLive(page);
  const a = await createToken(page, "ci");
  expect(await tokenWorks(a)).toBe(200);

  // without JavaScript, the same session: the form posts to the page, which answers with the secret
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await withJs.storageState() });
  const plain = await noJs.newPage();
  await plain.goto("/account");
  await expect(plain.getByTestId("tokens")).toContainText(`${a.slice(0, 10)}… ci`);
  const b = await createToken(plain, "no-js");
  expect(await tokenWorks(b)).toBe(200);
  // the secret is shown once: the page loaded again lists the token, not its secret
  await plain.goto("/account");
  await expect(plain.getByTestId("new-token")).toHaveCount(0);
  await expect(plain.getByTestId("tokens")).toContainText(`${b.slice(0, 10)}… no-js`);

  // a revoke with JavaScript asks first; dismissed, nothing happens
  await page.reload();
  await reactLive(page);
  const revokeA = page.getByRole("button", { name: `Revoke token ${a.slice(0, 10)}` });
  // confirm() blocks the page until it is answered: answer it as it opens, and keep what it asked
  const asked: string[] = [];
  page.once("dialog", (d) => void (asked.push(d.message()), d.dismiss()));
  await revokeA.click();
  expect(asked).toEqual([`Revoke token ${a.slice(0, 10)}… (ci)? Scripts using it stop working.`]);
  await expect(page.getByTestId("token-revoked")).toHaveCount(0);
  await expect(page.getByTestId("tokens")).toContainText(`${a.slice(0, 10)}… ci`);
  expect(await tokenWorks(a)).toBe(200);
  page.once("dialog", (d) => void (asked.push(d.message()), d.accept()));
  await revokeA.click();
  expect(asked).toHaveLength(2);
  await expect(page.getByTestId("token-revoked")).toContainText(`Revoked ${a.slice(0, 10)}… (ci)`);
  await expect(page.getByTestId("tokens")).not.toContainText(a.slice(0, 10));
  expect(await tokenWorks(a)).toBe(401);

  // without JavaScript the button revokes; a page older than the revoke gets a message, not an error page
  const stale = await noJs.newPage();
  await stale.goto("/account");
  await plain.getByRole("button", { name: `Revoke token ${b.slice(0, 10)}` }).click();
  await expect(plain.getByTestId("token-revoked")).toContainText(`Revoked ${b.slice(0, 10)}… (no-js)`);
  expect(await tokenWorks(b)).toBe(401);
  await stale.getByRole("button", { name: `Revoke token ${b.slice(0, 10)}` }).click();
  await expect(stale.getByRole("alert")).toHaveText("token not found");
  // the form a page without scripts sends, forged from another site with the session cookie:
  // refused at the door (403), nothing created; the same post from this site creates a token
  await plain.goto("/account");
  const form = plain.locator("form").filter({ has: plain.getByRole("button", { name: "Create API token" }) });
  const fields = await form.evaluate((f) => [...new FormData(f as HTMLFormElement)].map(([k, v]) => [k, String(v)]));
  expect(fields.some(([k]) => k.startsWith("$ACTION"))).toBe(true);
  const multipart = Object.fromEntries([...fields.filter(([k]) => k !== "name"), ["name", "forged"]]);
  const count = async () =>
    ((await (await page.request.get("/api/v1/tokens")).json()) as { tokens: unknown[] }).tokens.length;
  const before = await count();
  const forged = await page.request.post("/account", { headers: { origin: "http://evil.example" }, multipart });
  expect(forged.status()).toBe(403);
  expect(await count()).toBe(before);
  const own = await page.request.post("/account", { headers: { origin: E2E.baseURL }, multipart });
  expect(own.status()).toBe(200);
  expect(await own.text()).toMatch(/data-testid="new-token">lbt_/);
  expect(await count()).toBe(before + 1);
  await withJs.close();
  await noJs.close();
});

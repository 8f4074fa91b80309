// Teams in the browser: an owner invites a colleague, who accepts and uploads privately for the
// team; the owner makes it public; an admin verifies it and the badge shows on the leaderboard;
// the task's changelog lists the new entry and the verification.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "../playwright.config";
import { SEED, signUp } from "./helpers";

test("invite, accept, upload privately for the team, publish, verify, changelog", async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const ownerCtx = await browser.newContext();
  const owner = await ownerCtx.newPage();
  await signUp(owner, `Lab ${stamp}`, `lab-owner-${stamp}@example.org`);
  const teamLink = owner.getByRole("link", { name: `Lab ${stamp}` });
  await teamLink.click();
  await expect(owner.getByRole("heading", { name: `Lab ${stamp}` })).toBeVisible();
  await owner.getByTestId("invite").click();
  const url = await owner.getByTestId("invite-url").inputValue();
  expect(url).toMatch(/\/invitations\/lbi_/);
  const teamPath = new URL(owner.url()).pathname;

  // the colleague signs up, opens the link and accepts
  const colleagueCtx = await browser.newContext();
  const colleague = await colleagueCtx.newPage();
  await signUp(colleague, `Colleague ${stamp}`, `colleague-${stamp}@example.org`);
  await colleague.goto(new URL(url).pathname);
  await expect(colleague.getByRole("heading", { name: `Join Lab ${stamp}` })).toBeVisible();
  await colleague.getByTestId("accept").click();
  await expect(colleague).toHaveURL(new RegExp(`${teamPath}$`));
  await expect(colleague.getByTestId("members")).toContainText(`colleague-${stamp}@example.org`);

  // …and uploads a private submission for the lab (picked from the teams they are in)
  await colleague.goto("/tasks/bouncerbench/input/submit");
  await colleague.getByTestId("team-picker").selectOption({ label: `Lab ${stamp}` });
  await colleague.locator('input[type="file"]').setInputFiles(path.join(SEED, "input_bouncer_claude-3.7-sonnet.json"));
  await colleague.getByLabel(/Model name/).fill(`lab-model-${stamp}`);
  await colleague.getByLabel("Visibility").selectOption("private");
  await colleague.getByLabel(/Logs or trajectories/).fill("https://logs.example.org/lab/1");
  await colleague.getByRole("button", { name: "Upload and score" }).click();
  await expect(colleague.getByText(/Scored: F_m/)).toBeVisible({ timeout: 60_000 });

  // the owner sees it on the team page (private) and makes it public
  await owner.goto(teamPath);
  const row = owner
    .getByTestId("team-submissions")
    .getByRole("row")
    .filter({ hasText: `lab-model-${stamp}` });
  await expect(row).toContainText("private");
  await row.getByRole("button", { name: "Make public" }).click();
  // the file is the paper's claude-3.7-sonnet row, which the seed scored too: the audit flagged the
  // copy at upload, so made public it is held for an admin (who clears it below)
  await expect(row).toContainText("held for review");
  const subHref = await row.getByRole("link", { name: `lab-model-${stamp}` }).getAttribute("href");

  // an admin verifies it
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await admin.goto("/signin");
  await admin.getByLabel("Email").fill(E2E.adminEmail);
  await admin.getByLabel("Password").fill(E2E.adminPassword);
  await admin.getByRole("button", { name: "Sign in" }).click();
  await admin.waitForURL((u) => !u.pathname.startsWith("/signin"));
  await admin.goto(subHref!);
  await expect(admin.getByTestId("logs-link")).toHaveAttribute("href", "https://logs.example.org/lab/1");
  await admin.getByTestId("verify").click();
  await expect(admin.getByTestId("verified")).toBeVisible();

  // the badge on the leaderboard, for any reader
  const reader = await (await browser.newContext()).newPage();
  await reader.goto("/tasks/bouncerbench/input");
  await expect(reader.locator(`tr[data-model="lab-model-${stamp}"]`).getByTestId("verified")).toBeVisible();
  // the changelog lists both
  await reader.goto("/tasks/bouncerbench/input/changelog");
  const log = reader.getByTestId("changelog");
  await expect(log).toContainText(`New entry: lab-model-${stamp} by Lab ${stamp}`);
  await expect(log).toContainText(`lab-model-${stamp} by Lab ${stamp} verified by the maintainers`);
  // and the activity log has who did it
  await admin.goto(`/admin/activity?target=${subHref!.split("/").pop()}`);
  await expect(admin.getByTestId("activity")).toContainText("submission.verify");
  await expect(admin.getByTestId("activity")).toContainText(`lab-owner-${stamp}@example.org`);
  // its old address (before issue 51) is a permanent redirect that keeps the query
  const id = subHref!.split("/").pop();
  await admin.goto(`/admin/audit?target=${id}`);
  expect(new URL(admin.url()).pathname + new URL(admin.url()).search).toBe(`/admin/activity?target=${id}`);
  await expect(admin.getByTestId("activity")).toContainText("submission.verify");
  const api = await admin.request.get(`/api/v1/admin/audit?target=${id}`, { maxRedirects: 0 });
  expect([api.status(), api.headers()["location"]]).toEqual([308, `/api/v1/admin/activity?target=${id}`]);
});

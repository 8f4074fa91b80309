import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SEED, boardModels, fillUpload, signUp, snap } from "./helpers";

/**
 * A file of the lab's own: claude-3.7-sonnet's labels with every 10th decision flipped and
 * explanations of its own (F_m 0.469). The paper's file itself, from another team, would be a
 * copy, held for review off the board (issue 47).
 */
function ownFile(): string {
  const preds = JSON.parse(fs.readFileSync(path.join(SEED, "input_bouncer_claude-3.7-sonnet.json"), "utf8")) as Record<
    string,
    { label: string; explanation: string }
  >;
  const bounces = (label: string) => label === "VAGUE" || label === "IMPOSSIBLE_TO_SOLVE";
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(preds).map(([id, p], i) =>
        i % 10 === 0
          ? [id, { ...p, label: bounces(p.label) ? "WELL_SPECIFIED" : "VAGUE", explanation: `own ${i}` }]
          : [id, { ...p, explanation: `own words on ${id}` }],
      ),
    ),
  );
}

test("a visitor signs up, uploads a bad file (validation report), then a good one (new row)", async ({ page }) => {
  const email = `member-${Date.now()}@example.test`;
  await signUp(page, "Bouncer Lab", email);
  await expect(page.getByText(`team Bouncer Lab`)).toBeVisible();

  // sign out and back in with the password
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/tasks/bouncerbench/input/submit");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong password!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password")).toBeVisible();
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/tasks\/bouncerbench\/input\/submit$/);

  // a bad file, dropped on the drop zone
  const bad = JSON.stringify({
    "astropy__astropy-12907": { input_bounce: "yes" },
    "no-such-instance": { input_bounce: true },
  });
  const dropZone = page.getByTestId("drop-zone");
  const dt = await page.evaluateHandle((text) => {
    const d = new DataTransfer();
    d.items.add(new File([text], "bad.json", { type: "application/json" }));
    return d;
  }, bad);
  await dropZone.dispatchEvent("drop", { dataTransfer: dt });
  await expect(dropZone).toContainText("bad.json");
  // the file's own field holds the dropped file too (the form as a browser would send it)
  expect(await page.getByTestId("file-input").evaluate((i) => (i as HTMLInputElement).files?.[0]?.name)).toBe(
    "bad.json",
  );
  await page.getByLabel(/Model name/).fill("lab-bouncer");
  await page.getByRole("button", { name: "Upload and score" }).click();
  const report = page.getByTestId("upload-error");
  await expect(report).toContainText("2 problems");
  await expect(report).toContainText("astropy__astropy-12907");
  await expect(report).toContainText("true or false");
  await expect(report).toContainText("no-such-instance");
  await expect(report).toContainText("Nothing was stored");
  await snap(page, "upload-invalid");

  // a good file through the file picker
  await fillUpload(page, "lab.json", ownFile(), "lab-bouncer");
  const quotaBefore = await page.getByTestId("quota").innerText();
  expect(quotaBefore).toMatch(/has 200 of 200/);
  await page.getByRole("button", { name: "Upload and score" }).click();
  const ok = page.getByTestId("upload-ok");
  await expect(ok).toContainText("F_m = 0.469");
  await expect(ok).toContainText("1,699 of 1,699");
  // audited inside the upload: nothing found
  await expect(ok.getByTestId("audit-card")).toHaveAttribute("data-status", "clean");
  // where it stands: its rank on the board (with its interval once computed), the baselines, its system
  await expect(ok.getByTestId("standing-rank")).toContainText(/Rank #\d+ of \d+ systems/);
  await expect(ok.getByTestId("standing-baselines")).toContainText("Random");
  await expect(ok.getByTestId("standing-baselines")).toContainText(/baseline|Beats every/);
  // the best score and the gap to it, named with a link; the answer is where the eye is: focused, in view
  await expect(ok.getByTestId("standing-leader")).toContainText(
    /behind the best, .+ by .+ \(0\.\d{3}\)|The best score on the board/,
  );
  await expect(ok.getByTestId("standing-leader").getByRole("link")).toHaveAttribute(
    "href",
    /^\/submissions\/[0-9a-f-]{36}$/,
  );
  await expect(page.getByTestId("upload-result")).toBeFocused();
  await expect(ok).toBeInViewport();
  // the form starts again: no file, nothing to send twice; the quota line counts this upload
  await expect(page.getByTestId("file-input")).toHaveValue("");
  await expect(dropZone).not.toContainText("lab.json");
  await expect(page.getByLabel(/Model name/)).toHaveValue("");
  await expect(page.getByTestId("quota")).toContainText("has 199 of 200");
  await snap(page, "upload-ok");

  await ok.getByRole("link", { name: "Back to the leaderboard" }).click();
  await expect(page.getByTestId("leaderboard")).toBeVisible();
  expect(await boardModels(page)).toContain("lab-bouncer");
  await expect(page.locator('tr[data-model="lab-bouncer"]')).toContainText("Bouncer Lab");
});

test("a large upload is queued (202): the form follows it to its score, and its page shows it", async ({ page }) => {
  await signUp(page, "Large Lab", `large-${Date.now()}@example.test`);

  // over the server's 3 MB async threshold (playwright.config.ts): traces of 2 KB per instance
  const preds = JSON.parse(fs.readFileSync(path.join(SEED, "input_bouncer_claude-3.7-sonnet.json"), "utf8")) as Record<
    string,
    object
  >;
  const big = JSON.stringify(
    Object.fromEntries(Object.entries(preds).map(([id, v]) => [id, { ...v, trace: "t".repeat(2048) }])),
  );
  expect(big.length).toBeGreaterThan(3_000_000);
  await page.goto("/tasks/bouncerbench/input/submit");
  await fillUpload(page, "large.json", big, "large-bouncer");
  await page.getByRole("button", { name: "Upload and score" }).click();
  const status = page.getByTestId("upload-status");
  await expect(status).toBeVisible();
  await expect(status).toHaveAttribute("data-status", "scored", { timeout: 60_000 });
  await expect(status).toContainText("F_m = 0.422");
  await snap(page, "upload-queued-scored");
  await status.getByRole("link", { name: "View the submission" }).click();
  await expect(page.getByTestId("metric-cards")).toContainText("0.422");
});

test("a busy server: the form shows the wait Retry-After names, sends again, and gives up after 5 tries", async ({
  page,
}) => {
  await signUp(page, "Busy Lab", `busy-${Date.now()}@example.test`);
  await page.goto("/tasks/bouncerbench/input/submit");
  const good = fs.readFileSync(path.join(SEED, "input_bouncer_claude-3.7-sonnet.json"), "utf8");
  // the server's own answer when its scoring queue is full, for the first `busyFor` tries
  let tries = 0;
  let busyFor = 1;
  await page.route("**/api/v1/tasks/bouncerbench/input/submissions", async (route) => {
    tries += 1;
    if (tries > busyFor) return route.continue();
    await route.fulfill({
      status: 503,
      headers: { "retry-after": "2", "content-type": "application/json" },
      body: JSON.stringify({ error: { code: "busy", message: "the server is scoring many files now" } }),
    });
  });
  await fillUpload(page, "busy.json", good, "busy-bouncer");
  await page.getByRole("button", { name: "Upload and score" }).click();
  const wait = page.getByTestId("upload-wait");
  await expect(wait).toContainText("the server is scoring many files now");
  await expect(wait).toContainText(/Sending again in [12] s \(try 2 of 5\)/);
  await expect(page.getByRole("button", { name: "Upload and score" })).toBeDisabled();
  await expect(page.getByTestId("upload-ok")).toContainText("F_m = 0.422", { timeout: 10_000 });
  expect(tries).toBe(2);

  // busy every time: five tries, then the server's word (the form was emptied by the success)
  tries = 0;
  busyFor = 99;
  await fillUpload(page, "busy.json", good, "busy-bouncer-2");
  await page.getByRole("button", { name: "Upload and score" }).click();
  await expect(wait).toContainText("try 5 of 5", { timeout: 15_000 });
  const error = page.getByTestId("upload-error");
  await expect(error).toContainText("the server is scoring many files now", { timeout: 10_000 });
  expect(tries).toBe(5);
});

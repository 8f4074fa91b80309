// The board you see is the board you cite (issue 48, item 2): the board page's cite card names the
// snapshot of exactly the board on screen, and that snapshot's board file holds, row for row, what
// the board's API answers; after a new upload the card names, within seconds, a snapshot that
// holds it — with JavaScript off, as every reader without it sees the page.
import zlib from "node:zlib";
import { expect, test, type Page } from "@playwright/test";
import { adminToken, bounceFile, inputIds, postForm, teamToken } from "./helpers";

test.use({ javaScriptEnabled: false });

/** The id the page's cite card names (its link to the snapshot's page), or null while the board is being frozen. */
async function citedSnapshot(page: Page): Promise<string | null> {
  await page.goto("/tasks/bouncerbench/input");
  const link = page.getByTestId("cite-snapshot");
  if (!(await link.count())) return null;
  const href = (await link.getAttribute("href")) ?? "";
  const m = /\/snapshots\/([0-9a-f]{64})$/.exec(href);
  expect(m, href).not.toBeNull();
  return m![1];
}

/** The "all" view of a snapshot's board file: submission id → rank. */
async function frozenRanks(base: string, id: string): Promise<Map<string, string>> {
  const res = await fetch(`${base}/api/v1/snapshots/${id}/files/board.csv.gz`);
  expect(res.status).toBe(200);
  const lines = zlib
    .gunzipSync(Buffer.from(await res.arrayBuffer()))
    .toString()
    .split(/\r?\n/);
  const cols = lines[0].split(",");
  const at = (name: string) => cols.indexOf(name);
  return new Map(
    lines
      .slice(1)
      .filter((l) => l.startsWith("all,"))
      .map((l) => l.split(","))
      .map((c) => [c[at("submission_id")], c[at("rank")]]),
  );
}

/** The board API's "all" view: submission id → rank ("" when unranked). */
async function liveRanks(base: string): Promise<Map<string, string>> {
  const lb = (await (
    await fetch(`${base}/api/v1/tasks/bouncerbench/input/leaderboard?view=all&partial=true&baselines=true`)
  ).json()) as { rows: { submissionId: string; rank: number | null }[] };
  return new Map(lb.rows.map((r) => [r.submissionId, r.rank === null ? "" : String(r.rank)]));
}

test("the cite card names the snapshot of the board on screen, and a new upload's within seconds", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  let cited: string | null = null;
  await expect.poll(async () => (cited = await citedSnapshot(page)), { timeout: 30_000 }).not.toBeNull();
  expect(await frozenRanks(base, cited!)).toEqual(await liveRanks(base));

  const token = await teamToken(base, adminToken(), "cite-team", "cite");
  const up = await postForm({
    base,
    headers: { authorization: `Bearer ${token}` },
    fields: { model: "cite-model" },
    file: bounceFile(inputIds(), (i) => i % 5 === 1),
  });
  expect(up.status, await up.clone().text()).toBe(201);
  const sub = ((await up.json()) as { id: string }).id;
  const before = cited;
  await expect
    .poll(
      async () => {
        cited = await citedSnapshot(page);
        return cited !== null && cited !== before && (await frozenRanks(base, cited)).has(sub);
      },
      { timeout: 30_000, intervals: [500, 1000] },
    )
    .toBe(true);
  expect(await frozenRanks(base, cited!)).toEqual(await liveRanks(base));
  // its page says what it holds
  await page.goto(`/snapshots/${cited}`);
  await expect(page.locator("body")).toContainText("bouncerbench/input");
});

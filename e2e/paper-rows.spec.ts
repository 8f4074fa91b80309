import { expect, test } from "@playwright/test";

// The paper's Table II on a fresh install's Input board (issue 49, item 1): the five systems with a
// published file, each with the paper's F_m (Table II, 3 decimals), and the note under the rows
// naming each row and the codex row that has no file — without JavaScript too.
const TABLE_II = [
  ["claude-3.7-sonnet", "0.422"],
  ["gpt-4.1", "0.500"],
  ["gemma3_27b-it-q8_0", "0.399"],
  ["o4-mini", "0.592"],
  ["qwen3_32b-q8_0", "0.466"],
] as const;

test.use({ javaScriptEnabled: false });

test("the Input board holds the paper's Table II rows with its values, and says which row each is", async ({
  page,
}) => {
  await page.goto("/tasks/bouncerbench/input");
  const table = page.getByTestId("leaderboard");
  for (const [model, fm] of TABLE_II)
    await expect(table.locator(`tr[data-model="${model}"] [data-metric="F_m"]`)).toContainText(fm);
  const note = page.getByTestId("paper-rows-note");
  await expect(note).toContainText("Table II");
  for (const [i, [model]] of TABLE_II.entries()) await expect(note).toContainText(`row ${i + 1}: ${model}`);
  await expect(note).toContainText("row 6: codex");
  await expect(note).toContainText("no prediction file");
});

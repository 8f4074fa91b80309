import { describe, expect, it } from "vitest";
import { ChatCompletion } from "./client";

describe("a chat completion as the judge's client reads it", () => {
  const choice = (content: unknown) => ({ choices: [{ index: 0, message: { role: "assistant", content } }] });

  it("takes the first choice's text: a string, or text parts joined (other parts count as nothing)", () => {
    expect(ChatCompletion.parse(choice('{"classification": "NOISE"}')).choices[0].message.content).toBe(
      '{"classification": "NOISE"}',
    );
    const parts = [
      { type: "text", text: '{"classification": ' },
      { type: "image_url" },
      { type: "text", text: '"NOISE"}' },
    ];
    expect(ChatCompletion.parse(choice(parts)).choices[0].message.content).toBe('{"classification": "NOISE"}');
  });

  it("reads the usage's token counts when they are counts, and ignores them otherwise", () => {
    const usage = (u: unknown) => ChatCompletion.parse({ ...choice("x"), usage: u }).usage;
    expect(usage({ prompt_tokens: 812, completion_tokens: 20, total_tokens: 832 })).toEqual({
      prompt_tokens: 812,
      completion_tokens: 20,
    });
    expect(usage({ prompt_tokens: -1, completion_tokens: "20" })).toEqual({
      prompt_tokens: undefined,
      completion_tokens: undefined,
    });
    expect(usage("lots")).toBeUndefined();
    expect(ChatCompletion.parse(choice("x")).usage).toBeUndefined();
  });

  it("refuses what is no chat completion: an error object, no choices, a choice without content", () => {
    for (const body of [
      null,
      { error: { message: "rate limited" } },
      { choices: [] },
      { choices: [{ message: {} }] },
      choice(null),
      choice(42),
      "<html>Bad gateway</html>",
    ])
      expect(ChatCompletion.safeParse(body).success).toBe(false);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findAll, stepMatches, traceSteps } from "./steps";

describe("traceSteps", () => {
  it("splits prose at blank lines: one step per paragraph or numbered point", () => {
    const t = traceSteps("The issue is clear:\r\n\r\n1. a bug\n\n  \n2. a fix\nwith detail\n\n");
    expect(t.format).toBe("text");
    expect(t.steps.map((s) => s.body)).toEqual(["The issue is clear:", "1. a bug", "2. a fix\nwith detail"]);
    expect(t.steps.map((s) => s.n)).toEqual([1, 2, 3]);
  });

  it.each([
    ["claude-3.7-sonnet", 1600],
    ["gpt-4.1", 0],
  ])("reads the shipped BouncerBench explanations of %s (all 1,699 in steps, nothing lost)", (model, multiAtLeast) => {
    const file = path.resolve(__dirname, `../../prisma/seed-data/bouncerbench/input_bouncer_${model}.json`);
    const preds = JSON.parse(readFileSync(file, "utf8")) as Record<string, { explanation: string }>;
    expect(Object.keys(preds)).toHaveLength(1699);
    let multi = 0;
    for (const p of Object.values(preds)) {
      const t = traceSteps(p.explanation);
      expect(t.format).toBe("text");
      // the words survive the split, in order
      expect(
        t.steps
          .map((s) => s.body)
          .join(" ")
          .replace(/\s+/g, " "),
      ).toBe(p.explanation.trim().replace(/\s+/g, " "));
      if (t.steps.length > 1) multi++;
    }
    // claude writes numbered paragraphs; gpt-4.1 one paragraph each
    if (multiAtLeast) expect(multi).toBeGreaterThanOrEqual(multiAtLeast);
    else expect(multi).toBe(0);
  });

  it("reads OpenAI chat messages with tool calls (arguments given as a JSON string)", () => {
    const t = traceSteps([
      { role: "system", content: "You are a bouncer." },
      { role: "user", content: "Is this issue clear?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"a.py"}' } }],
      },
      { role: "tool", name: "read_file", tool_call_id: "c1", content: "print(1)" },
      { role: "assistant", content: "Bounce it." },
    ]);
    expect(t.format).toBe("messages");
    expect(t.steps.map((s) => [s.kind, s.label ?? null])).toEqual([
      ["system", null],
      ["user", null],
      ["tool call", "read_file"],
      ["tool", "read_file"],
      ["assistant", null],
    ]);
    expect(JSON.parse(t.steps[2].body)).toEqual({ path: "a.py" });
  });

  it("reads Anthropic content parts: text, tool_use, tool_result", () => {
    const t = traceSteps({
      model: "claude",
      messages: [
        {
          role: "assistant",
          content: [
            { type: "text", text: "Let me look." },
            { type: "tool_use", id: "t1", name: "grep", input: { q: "foo" } },
          ],
        },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "a.py:1" }] }],
        },
      ],
    });
    expect(t.format).toBe("messages");
    expect(t.steps.map((s) => [s.kind, s.label ?? null, s.body])).toEqual([
      ["field", "model", "claude"],
      ["assistant", null, "Let me look."],
      ["tool call", "grep", '{\n  "q": "foo"\n}'],
      ["tool result", "t1", "a.py:1"],
    ]);
  });

  it("reads an agent trajectory (thought / action / observation), also inside a JSON string", () => {
    const traj = {
      environment: "swe",
      trajectory: [{ thought: "look", action: "ls", observation: "a.py" }, { action: "submit" }],
    };
    const t = traceSteps(JSON.stringify(traj));
    expect(t.format).toBe("trajectory");
    expect(t.steps.map((s) => `${s.kind}:${s.label ?? s.body}`)).toEqual([
      "field:environment",
      "thought:look",
      "action:ls",
      "observation:a.py",
      "action:submit",
    ]);
  });

  it("takes roles and names as data: a role named like an object's member is an unknown role, names are strings", () => {
    const t = traceSteps([
      { role: "constructor", content: "a" },
      { role: "__proto__", content: "b" },
      { role: "tool", name: { evil: true }, content: "c" },
      { role: "assistant", tool_calls: [{ function: { name: ["x"], arguments: "{}" } }] },
    ]);
    expect(t.steps.map((s) => [s.kind, s.label ?? null])).toEqual([
      ["step", "constructor"],
      ["step", "__proto__"],
      ["tool", null],
      ["tool call", "tool"],
    ]);
  });

  it("shows any other JSON as fields or steps, and nothing for no trace", () => {
    expect(traceSteps({ score: 0.3, notes: ["a"] }).steps.map((s) => s.label)).toEqual(["score", "notes"]);
    expect(traceSteps([1, { x: 1 }]).format).toBe("json");
    expect(traceSteps(42).steps[0].body).toBe("42");
    expect(traceSteps(undefined)).toEqual({ format: "none", steps: [], omitted: 0 });
    expect(traceSteps("{not json").steps[0].body).toBe("{not json");
  });

  it("keeps at most maxSteps and says how many it left out", () => {
    const t = traceSteps(
      Array.from({ length: 30 }, (_, i) => `step ${i}`),
      25,
    );
    expect(t.steps).toHaveLength(25);
    expect(t.omitted).toBe(5);
  });
});

describe("search", () => {
  it("finds every occurrence, case-insensitively, with offsets in the original text", () => {
    expect(findAll("Foo foo FOO", "foo")).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
    ]);
    // regex characters are literal; an upper-case dotted İ does not shift the offsets
    expect(findAll("İx a.b (c)", "a.b")).toEqual([[3, 6]]);
    expect(findAll("x", "")).toEqual([]);
    expect(findAll("aaaa", "a", 2)).toHaveLength(2);
  });
  it("matches a step by its label or its body", () => {
    expect(stepMatches({ n: 1, kind: "tool call", label: "read_file", body: "{}" }, "READ")).toBe(true);
    expect(stepMatches({ n: 1, kind: "text", body: "nothing" }, "read")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { binaryAbstention } from "@/lib/tasks/binary-abstention";
import { bouncerPipeline, pipelineFunnel } from "./index";

describe("pipelineFunnel (METRICS.md §2 paper check)", () => {
  it("o4-mini input + codex output: 42 bounced, 600 pass on, 333 shown, 142 incorrect", () => {
    // Build 642 rows matching the paper's counts: input bounced 20 vague + 22 clear; of the 600 that
    // pass, the output bouncer bounces 229 incorrect and 38 correct; the user sees 333, 142 incorrect.
    const rows: Parameters<typeof pipelineFunnel>[0] = [];
    const push = (n: number, vague: boolean, incorrect: boolean, inB: boolean, outB: boolean) => {
      for (let i = 0; i < n; i++)
        rows.push({ input: { bounce: vague }, output: { bounce: incorrect }, inBounce: inB, outBounce: outB });
    };
    push(20, true, true, true, false);
    push(22, false, false, true, false);
    push(229, false, true, false, true);
    push(38, false, false, false, true);
    push(142, false, true, false, false);
    push(191, false, false, false, false);
    const r = pipelineFunnel(rows);
    expect(r.funnel.all).toBe(642);
    expect(r.funnel.input_bounced_vague + r.funnel.input_bounced_clear).toBe(42);
    expect(r.funnel.agent_correct + r.funnel.agent_incorrect).toBe(600);
    expect(r.funnel.shown_correct + r.funnel.shown_incorrect).toBe(333);
    expect(r.funnel.shown_incorrect / 333).toBeCloseTo(0.426, 3);
    expect(r.after).toBeCloseTo(191 / 333, 12);
    expect(r.lost).toBeCloseTo((22 + 38) / (22 + 38 + 191), 12);
  });
});

describe("Lite predictions", () => {
  const inst = {
    externalId: "x",
    truth: { input: { bounce: true, label: 2 }, output: { bounce: false, pass: 1 } },
    metadata: {},
  };
  it("are checked against a stored instance of the kind's schema (a malformed one is a bug, not user input)", () => {
    expect(() =>
      bouncerPipeline.parsePrediction(
        "x",
        { input_bounce: true, output_bounce: true },
        {},
        { externalId: "x", truth: {}, metadata: {} },
      ),
    ).toThrow(/stored truth does not match its schema at input/);
  });
  it("need both bounces", () => {
    const r = bouncerPipeline.parsePrediction("x", { input_bounce: true }, {}, inst);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0]).toMatchObject({ field: "output_bounce" });
  });
  it("accept labels for both sides and reject contradictions", () => {
    expect(
      bouncerPipeline.parsePrediction("x", { input_label: "VAGUE", output_label: "INCORRECT" }, {}, inst),
    ).toMatchObject({
      ok: true,
      value: { input: { bounce: true, label: "VAGUE" }, output: { bounce: true, label: "INCORRECT" } },
    });
    const bad = bouncerPipeline.parsePrediction(
      "x",
      { input_label: "VAGUE", input_bounce: false, output_bounce: true },
      {},
      inst,
    );
    expect(bad.ok).toBe(false);
  });
});

describe("composing a Lite entry (the kinds' compose hooks, lib/server/submissions/compose.ts)", () => {
  it("is built from binary-abstention's Input and Output tasks, each saying its side", () => {
    const spec = bouncerPipeline.composes!;
    expect(spec.kind).toBe(binaryAbstention.kind);
    expect(binaryAbstention.composeSide!({ side: "input" })).toBe("input");
    expect(binaryAbstention.composeSide!({ side: "output" })).toBe("output");
    expect(binaryAbstention.composes).toBeUndefined();
    expect(bouncerPipeline.composeSide).toBeUndefined();
  });

  it("asks the sides by the ticket and uploads the two decisions as a Lite row", () => {
    const spec = bouncerPipeline.composes!;
    expect(spec.sourceId("agentless/astropy__astropy-12907")).toBe("astropy__astropy-12907");
    expect(spec.sourceId("astropy__astropy-12907")).toBe("astropy__astropy-12907");
    expect(JSON.stringify(spec.row({ input: true, output: false }))).toBe(
      '{"input_bounce":true,"output_bounce":false}',
    );
  });
});

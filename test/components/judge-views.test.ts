// What a reader sees of the server's judge (issue 34) without a script: the upload's judging
// progress as the server renders it, and the system card's "server-judged" mark with the rates
// corrected for the judge's errors.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: () => undefined }) }));
const { UploadStatus } = await import("@/components/submission/upload-status");
const { SystemCard } = await import("@/components/submission/system-card");

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");

describe("the server's judge on the submission page", () => {
  it("renders the judging progress from the server's state, before any poll", () => {
    const html = renderToStaticMarkup(
      createElement(UploadStatus, {
        id: "00000000-0000-4000-8000-000000000001",
        initial: {
          status: "judging",
          error: null,
          metrics: {},
          validation: {},
          job: null,
          judge: {
            by: "server",
            model: "qwen2.5-coder:32b",
            promptVersion: "cr-evaluator@v1",
            progress: {
              judged: 412,
              total: 960,
              malformed: 0,
              unit: "comments",
              error: "the judge at http://j/v1 answered HTTP 503; judging resumes when it answers",
            },
          },
        },
      }),
    );
    expect(text(html)).toContain("Judging on the server: 412 / 960 comments");
    expect(text(html)).toContain("qwen2.5-coder:32b, prompt cr-evaluator@v1");
    expect(text(html)).toContain("answered HTTP 503; judging resumes when it answers");
    expect(html).toContain('data-status="judging"');
  });

  it("marks a server-judged run and shows its corrected rates with their intervals", () => {
    const v = {
      meta: { judge_model: "qwen2.5-coder:32b", judge_prompt: "cr-evaluator@v1" },
      judge: { decides: "each review comment's verdict", paper: [{ label: "Claude Sonnet 4.5 (Listing 6)" }] },
      paperJudge: null,
      judged: {
        by: "server",
        model: "qwen2.5-coder:32b",
        promptVersion: "cr-evaluator@v1",
        promptSha256: "ab".repeat(32),
        corrected: {
          labeled: 120,
          kappa: 0.71,
          sensitivity: 0.762,
          specificity: 0.897,
          precision: { value: 0.1, low: 0.07, high: 0.13 },
          recallHits: { value: 0.45, low: 0.3, high: 0.6 },
        },
      },
    } as never;
    const html = renderToStaticMarkup(createElement(SystemCard, { v }));
    const t = text(html);
    expect(t).toContain("server-judged");
    expect(t).toContain("precision 0.100 [0.070, 0.130]");
    expect(t).toContain("recall (bug hits / PRs) 0.450 [0.300, 0.600]");
    expect(t).toContain("120 human-labeled comments");
  });

  it("shows a self-judged file's agreement with the server's verdicts, and the comments that addressed the judge (issue 47)", () => {
    const v = {
      meta: { judge_model: "qwen2.5-coder:32b", judge_prompt: "cr-evaluator@v2" },
      judge: { decides: "each review comment's verdict", paper: [{ label: "Claude Sonnet 4.5 (Listing 6)" }] },
      paperJudge: null,
      judged: {
        by: "server",
        model: "qwen2.5-coder:32b",
        promptVersion: "cr-evaluator@v2",
        addressedJudge: 124,
        selfJudged: {
          comments: 89,
          agreement: 0.2247,
          kappa: 0,
          ownBugHits: 89,
          serverBugHits: 20,
          ownPrsHit: 28,
          serverPrsHit: 12,
        },
      },
    } as never;
    const t = text(renderToStaticMarkup(createElement(SystemCard, { v }))).replace(/&#x27;/g, "'");
    expect(t).toContain("server-judged");
    expect(t).toContain(
      "Self-judged the file's own verdicts agree with the server's on 0.225 of 89 comments (Cohen's κ 0.000)",
    );
    expect(t).toContain("89 bug hits by its verdicts, 20 by the server's (28 vs 12 PRs found)");
    expect(t).toContain("The board ranks the server's verdicts");
    expect(t).toContain("Addressed the judge 124 comments");
  });
});

// The team's daily judge budget (issue 34) holds for uploads a worker scores too (above
// ASYNC_UPLOAD_BYTES: 202, then the job): past it the submission fails with the budget's message
// and the job is not retried; an upload within it is judged and scored as usual.
import { describe, expect, it } from "vitest";
import { commentCount, fakeVerdict, judgeLab, startJudgeFor, type ReviewFile } from "../helpers/fake-judge";

// every CR-Bench file here is queued for a worker
const judge = await startJudgeFor({ ASYNC_UPLOAD_BYTES: "2000", JUDGE_TEAM_DAILY_COMMENTS: "60" });

const { generateSynthetic } = await import("@/lib/synthetic/generate");
const { apiCall, multipartRequest } = await import("../helpers/requests");
const { dispatch } = await import("../helpers/router");

type File = ReviewFile;

const lab = judgeLab(judge, "judge-queued@example.org", "Queued Judge Lab");
const review = generateSynthetic().find((t) => t.task === "cr-bench/review")!.submissions;

/** The first `prs` PRs of a synthetic submission, their comments without verdicts, `tag` making them new. */
function unjudged(prs: number, tag: string): File {
  const src = review[0].predictions as File;
  return Object.fromEntries(
    Object.entries(src)
      .slice(0, prs)
      .map(([id, p]) => [
        id,
        { comments: p.comments.map(({ judgment: _, ...c }) => ({ ...c, comment: `${c.comment} ${tag}` })) },
      ]),
  );
}

/** An upload as curl sends it (with a Content-Length: the route picks the 202 path by it). */
async function queued(file: File, model: string) {
  const built = multipartRequest(
    "/api/v1/tasks/cr-bench/review/submissions",
    { model },
    { name: "review.json", text: JSON.stringify(file) },
    lab.token,
  );
  const body = Buffer.from(await built.arrayBuffer());
  const headers = new Headers(built.headers);
  headers.set("content-length", String(body.length));
  const res = await dispatch(new Request(built.url, { method: "POST", body, headers }));
  return { status: res.status, body: await res.json() };
}

describe("the judge's budget on queued uploads", () => {
  it("within the budget: queued, judged by the server, scored", async () => {
    const file = unjudged(4, "(within)");
    expect(commentCount(file)).toBeLessThanOrEqual(60);
    const r = await queued(file, "queued-within");
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    for (let k = 0; k < 6; k++) await lab.db.runJobs();
    const s = await apiCall("GET", `/api/v1/submissions/${r.body.id}`, { token: lab.token });
    expect(s.body.status).toBe("scored");
    expect(s.body.judge).toMatchObject({ by: "server" });
    // the fake judge decided: a comment it calls a bug hit makes its PR found
    const hits = Object.values(file).filter((p) => p.comments.some((c) => fakeVerdict(c.comment) === "BUG_HIT"));
    expect(s.body.metrics.prs_hit).toBe(hits.length);
  });

  it("past it: the submission fails with the budget's message, nothing is judged, and the job is not retried", async () => {
    const asked = judge.calls.length;
    const file = unjudged(12, "(flood)");
    expect(commentCount(file)).toBeGreaterThan(60);
    const r = await queued(file, "queued-flood");
    expect(r.status).toBe(202);
    await lab.db.runJobs();
    const s = await apiCall("GET", `/api/v1/submissions/${r.body.id}`, { token: lab.token });
    expect(s.body.status).toBe("failed");
    expect(s.body.error).toMatch(
      /budget for your team is 60 new comments a day: \d+ sent today, this file has \d+ more/,
    );
    const job = await lab.db.prisma.job.findFirstOrThrow({
      where: { name: "score-upload", payload: { path: ["submissionId"], equals: r.body.id } },
    });
    expect(job.status).toBe("failed");
    expect(job.attempts).toBe(1);
    expect(judge.calls.length).toBe(asked);
  });
});

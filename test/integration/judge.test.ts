// The server's judge (issue 34, part 1): CR-Bench uploads without verdicts judged by CR-Evaluator
// on an OpenAI-compatible endpoint — here a real HTTP server speaking the protocol, started by the
// test, with its failures (429, 5xx, a hang past the timeout, answers without a class) — through
// the real upload route, jobs and PostgreSQL.
import { describe, expect, it } from "vitest";
import { commentCount, fakeVerdict, judgeLab, startJudgeFor, type ReviewFile } from "../helpers/fake-judge";

const judge = await startJudgeFor({
  JUDGE_TIMEOUT_SEC: "0.5",
  // the team's daily budget of new comments for the judge: this file's uploads send about 1,330
  JUDGE_TEAM_DAILY_COMMENTS: "1400",
});

const { generateSynthetic } = await import("@/lib/synthetic/generate");
const { reviewMetrics } = await import("@/lib/metrics");
const { fillCrEvaluator } = await import("@/lib/tasks/code-review/judge");
const { decideUploadJudging, judgeConfig } = await import("@/lib/server/judging");
const { getTaskOrThrow } = await import("@/lib/server/tasks");
const { sqlOf } = await import("@/lib/server/db");
const { importRelease } = await import("@/lib/server/releases");
const { biasCorrected } = await import("@/lib/metrics");
const { apiCall, uploadFile } = await import("../helpers/requests");

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type File = ReviewFile;
type Comment = File[string]["comments"][number];

const lab = judgeLab(judge, "judge@example.org", "Judge Lab");
const review = generateSynthetic().find((t) => t.task === "cr-bench/review")!.submissions;

/**
 * review[0]'s comments without their verdicts, marked for the fake judge: a bug hit, valid, garbage;
 * each tagged "(lab)", so none is a comment the server judged when it seeded review[0] itself.
 */
function unjudged(suffix = ""): File {
  const src = review[0].predictions as File;
  return Object.fromEntries(
    Object.entries(src).map(([id, p], i) => [
      id,
      {
        comments: p.comments.map((c, k) => {
          const mark =
            k === 0 && i % 3 === 0
              ? " BUGHIT"
              : k === 1 && i % 2 === 0
                ? " VALID"
                : i === 5 && k === 0
                  ? " GARBAGE"
                  : "";
          const { judgment: _, ...rest } = c;
          return { ...rest, comment: `${c.comment} (lab)${mark}${suffix && i < 3 ? suffix : ""}` };
        }),
      },
    ]),
  );
}

/** The metrics the fake judge's verdicts give (an answer without a class counts as noise). */
function expected(file: File) {
  let hit = 0;
  const n = { bug_hit: 0, valid_suggestion: 0, noise: 0 };
  for (const p of Object.values(file)) {
    const v = p.comments.map((c) => fakeVerdict(c.comment));
    if (v.includes("BUG_HIT")) hit++;
    for (const x of v) n[x === "BUG_HIT" ? "bug_hit" : x === "VALID_SUGGESTION" ? "valid_suggestion" : "noise"]++;
  }
  return reviewMetrics({
    prs: Object.keys(file).length,
    hit,
    bugHit: n.bug_hit,
    validSuggestion: n.valid_suggestion,
    noise: n.noise,
  });
}

const call = (method: string, url: string) => apiCall(method, url, { token: lab.token });
/** Uploads a CR-Bench file (`indent`: the same predictions in other bytes). */
const upload = (file: unknown, fields: Record<string, string>, indent = 0) =>
  uploadFile("cr-bench/review", JSON.stringify(file, null, indent), fields, lab.token, "review.json");

/** Runs the due jobs until the submission leaves "judging" (or `rounds` runs pass). */
async function judged(id: string, rounds = 5) {
  for (let k = 0; k < rounds; k++) {
    await lab.db.runJobs();
    const s = await call("GET", `/api/v1/submissions/${id}`);
    if (s.body.status !== "judging") return s.body;
  }
  return (await call("GET", `/api/v1/submissions/${id}`)).body;
}

describe("CR-Evaluator on the server", () => {
  const file = unjudged();
  let id = "";

  it("an upload without verdicts is stored and judged: 202 with progress, then scored with the judge's verdicts", async () => {
    // the endpoint's first answers: rate-limited, an error (the same prompt asked a third time
    // succeeds within the job), then a request that hangs past the timeout (asked again)
    judge.failures.push("429", "500", "hang");
    const r = await upload(file, { model: "judged-by-server" });
    expect(r.status).toBe(202);
    expect(r.body.status).toBe("judging");
    expect(r.body.judge).toMatchObject({
      by: "server",
      model: "fake-judge-1",
      promptVersion: "cr-evaluator@v2",
      progress: { judged: 0, total: commentCount(file), unit: "comments" },
    });
    expect(r.body.judge.promptSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.body.validation.warnings.join(" ")).toMatch(/judged by the server \(fake-judge-1/);
    id = r.body.id;
    const before = await call("GET", `/api/v1/submissions/${id}`);
    expect(before.body.status).toBe("judging");
    expect(before.body.metrics).toEqual({});
    const after = await judged(id);
    expect(after.status).toBe("scored");
    const want = expected(file);
    expect(after.metrics.recall).toBeCloseTo(want.recall, 12);
    expect(after.metrics.precision).toBeCloseTo(want.precision, 12);
    expect(after.metrics.f1).toBeCloseTo(want.f1, 12);
    expect(after.judge).toMatchObject({ by: "server", model: "fake-judge-1", promptVersion: "cr-evaluator@v2" });
    expect(after.judge.progress).toBeUndefined();
    // the garbage comment: asked three times, then counted as noise ("malformed")
    expect(after.judge.malformed).toBe(1);
    // …and said beside SNR: one of the noise comments is one the judge gave no class (issue 50)
    expect(after.metrics.noise_unclassified).toBe(1);
    expect(after.metrics.noise).toBeGreaterThanOrEqual(1);
    expect(after.meta).toMatchObject({ judge_model: "fake-judge-1", judge_prompt: "cr-evaluator@v2" });
    // ranked on the board, marked as the server's judge
    const lb = await call("GET", "/api/v1/tasks/cr-bench/review/leaderboard?view=all&baselines=0");
    const row = lb.body.rows.find((x: Json) => x.submissionId === id);
    expect(row.metrics.f1).toBeCloseTo(want.f1, 12);
    expect(row.judgedBy).toBe("server");
  }, 120_000);

  it("asks with the paper's Listing 6 (the comment as delimited data), filled, one user message, temperature 0, the key as a Bearer token", async () => {
    const [pr, p] = Object.entries(file)[1];
    const release = await lab.db.prisma.release.findFirstOrThrow({
      where: { task: { fullSlug: "cr-bench/review" }, status: "published" },
    });
    const inst = await lab.db.prisma.instance.findUniqueOrThrow({
      where: { releaseId_externalId: { releaseId: release.id, externalId: pr } },
    });
    const prompt = fillCrEvaluator(inst.truth as { bug_description: string; fix_files: string[] }, {
      ...p.comments[0],
      line: p.comments[0].line ?? null,
    });
    const call0 = judge.calls.find((c) => c.body.messages[0].content === prompt);
    expect(call0).toBeDefined();
    expect(call0!.auth).toBe("Bearer sk-test-judge");
    expect(call0!.body).toMatchObject({ model: "fake-judge-1", temperature: 0 });
    expect(call0!.body.messages).toHaveLength(1);
    expect(call0!.body.messages[0].role).toBe("user");
    for (const h of ["## Known Bug Description:", "## Files Changed in Fix:", "## Review Comment to Evaluate:"])
      expect(prompt).toContain(h);
    expect(prompt).toContain((inst.truth as { bug_description: string }).bug_description);
  });

  it("identical comments are judged once, across submissions: a second upload of them is scored at once", async () => {
    const asked = judge.calls.length;
    // the same predictions in other bytes (the same file twice would be refused as a duplicate)
    const again = await upload(file, { model: "judged-again" }, 1);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe("scored");
    expect(again.body.metrics.f1).toBeCloseTo(expected(file).f1, 12);
    expect(judge.calls.length).toBe(asked);
  });

  it("a judge outage leaves the upload judging with a clear message; it resumes when the judge answers", async () => {
    judge.down("503");
    const fresh = unjudged(" (new)");
    const r = await upload(fresh, { model: "judged-through-outage" });
    expect(r.status).toBe(202);
    // only the changed comments are asked: the rest were judged before
    expect(r.body.judge.progress.judged).toBeGreaterThan(0);
    await lab.db.runJobs();
    const during = await call("GET", `/api/v1/submissions/${r.body.id}`);
    expect(during.body.status).toBe("judging");
    expect(during.body.judge.progress.error).toMatch(/answered HTTP 503.*resumes/);
    judge.up();
    // the retry's backoff, elapsed
    await lab.db.query(`UPDATE graphile_worker._private_jobs SET run_at = now()`);
    const after = await judged(r.body.id);
    expect(after.status).toBe("scored");
    expect(after.metrics.f1).toBeCloseTo(expected(fresh).f1, 12);
  }, 120_000);

  it("a page that is no chat completion is retried; a prompt the endpoint refuses (400) counts as noise, documented", async () => {
    judge.failures.push("html", "400");
    const f = unjudged(" (refused)");
    const r = await upload(f, { model: "judged-refused" });
    expect(r.status).toBe(202);
    const after = await judged(r.body.id);
    expect(after.status).toBe("scored");
    // the refused prompt and the garbage comment (cached from the first upload)
    expect(after.judge.malformed).toBe(2);
    expect(after.metrics.noise_unclassified).toBe(2);
    const refused = await lab.db.prisma.judgeVerdict.findMany({
      where: { reason: { contains: "refused the prompt" } },
    });
    expect(refused.map((v) => [v.outcome, v.classification])).toEqual([["malformed", "noise"]]);
  }, 120_000);

  it("verdicts in the file are kept as self-judged, the server's ranked (issue 47); without a judge configured, a file's own verdicts stand, none in the file is a 422", async () => {
    // the first upload's comments, each called a bug hit by the file: their verdicts are cached, scored at once
    const claimed = Object.fromEntries(
      Object.entries(file).map(([pr, p]) => [pr, { comments: p.comments.map((c) => ({ ...c, judgment: "bug_hit" })) }]),
    );
    const own = await upload(claimed, { model: "team-judged", judge_model: "gpt-4o", judge_prompt: "my-judge" });
    expect(own.status).toBe(201);
    const sub = await call("GET", `/api/v1/submissions/${own.body.id}`);
    expect(sub.body.metrics.f1).toBeCloseTo(expected(file).f1, 12);
    expect(sub.body.judge).toMatchObject({
      by: "server",
      selfJudged: { comments: commentCount(file), ownBugHits: commentCount(file) },
    });
    const lb = await call("GET", "/api/v1/tasks/cr-bench/review/leaderboard?view=all&baselines=0");
    expect(lb.body.rows.find((x: Json) => x.submissionId === own.body.id).judgedBy).toBe("server");
    const task0 = await getTaskOrThrow(lab.db.prisma, "cr-bench/review");
    const teamVerdicts0 = new Map(
      Object.entries(review[1].predictions as File).map(([k, v]) => [
        k,
        { comments: v.comments.map((c) => ({ ...c, line: c.line ?? null, severity: null, judgment: "noise" })) },
      ]),
    );
    expect(
      await decideUploadJudging(
        sqlOf(lab.db.prisma),
        { task: task0, release: { hidden: false }, instances: [], predictions: teamVerdicts0 },
        null,
      ),
    ).toEqual({
      by: "team",
    });

    const task = await getTaskOrThrow(lab.db.prisma, "cr-bench/review");
    const preds = new Map(Object.entries(file) as [string, Record<string, unknown>][]);
    const parsed = new Map(
      [...preds].map(([k, v]) => [
        k,
        { comments: (v.comments as Comment[]).map((c) => ({ ...c, severity: null, judgment: null })) },
      ]),
    );
    await expect(
      decideUploadJudging(
        sqlOf(lab.db.prisma),
        { task, release: { hidden: false }, instances: [], predictions: parsed },
        null,
      ),
    ).rejects.toThrow(/no judge configured/);
    // a hidden release: only the server's judge may decide, the file's verdicts notwithstanding
    const teamVerdicts = new Map(
      [...parsed].map(([k, v]) => [k, { comments: v.comments.map((c) => ({ ...c, judgment: "noise" })) }]),
    );
    await expect(
      decideUploadJudging(
        sqlOf(lab.db.prisma),
        { task, release: { hidden: true }, instances: [], predictions: teamVerdicts },
        null,
      ),
    ).rejects.toThrow(/hidden.*only the server's judge/);
    const d = await decideUploadJudging(
      sqlOf(lab.db.prisma),
      { task, release: { hidden: true }, instances: [], predictions: teamVerdicts },
      judgeConfig(),
    );
    expect(d.by).toBe("server");
  });

  it("a release with human labels: the judge is measured against them; server-judged scores are also reported corrected", async () => {
    const current = await lab.db.prisma.release.findFirstOrThrow({
      where: { task: { fullSlug: "cr-bench/review" }, status: "published" },
    });
    const insts = await lab.db.prisma.instance.findMany({
      where: { releaseId: current.id },
      orderBy: { position: "asc" },
    });
    // a human labeled three comments on each of the first 40 PRs; the fake judge calls them by their words
    const labels = (i: number) => [
      { file: "a.py", line: 1, comment: `c${i} BUGHIT`, label: i % 5 === 0 ? "noise" : "bug_hit" },
      { file: "a.py", line: 2, comment: `c${i} VALID`, label: i % 4 === 0 ? "BUG_HIT" : "valid_suggestion" },
      { file: "a.py", comment: `c${i} plain`, label: "Noise" },
    ];
    const rows = insts.map((x, i) => ({
      instance_id: x.externalId,
      ...(x.metadata as object),
      ...(x.truth as object),
      ...(i < 40 ? { human_labels: labels(i) } : {}),
    }));
    await importRelease(lab.db.prisma, {
      task: "cr-bench/review",
      version: "2.0-labeled",
      text: rows.map((r) => JSON.stringify(r)).join("\n"),
      fileName: "labeled.jsonl",
      publish: true,
    });
    const asked = judge.calls.length;
    for (let k = 0; k < 4; k++) await lab.db.runJobs();
    // the labeled comments were asked (120); the submissions' comments came from the cache
    expect(judge.calls.length - asked).toBe(120);
    const rel = await call("GET", "/api/v1/tasks/cr-bench/review/releases");
    const a = rel.body.releases.find((r: Json) => r.version === "2.0-labeled").judgeAgreement;
    expect(a).toMatchObject({
      model: "fake-judge-1",
      agreement: { n: 120, positives: 42, negatives: 78, malformed: 0 },
    });
    // judge bug_hit on human bug_hit: 32 of 42; judge not bug_hit on the rest: 70 of 78
    expect(a.agreement.sensitivity).toBeCloseTo(32 / 42, 12);
    expect(a.agreement.specificity).toBeCloseTo(70 / 78, 12);
    expect(a.agreement.confusion.bug_hit).toEqual({ bug_hit: 32, valid_suggestion: 10 });
    // the server-judged submission, re-scored on the new release from the cache, with its corrected rates
    const sub = (await call("GET", `/api/v1/submissions/${id}`)).body;
    expect(sub.release.version).toBe("2.0-labeled");
    expect(sub.metrics.f1).toBeCloseTo(expected(file).f1, 12);
    const want = biasCorrected(
      { p: sub.metrics.bug_hit / sub.metrics.comments, n: sub.metrics.comments },
      { q0: 70 / 78, m0: 78, q1: 32 / 42, m1: 42 },
    )!;
    expect(sub.judge.corrected).toMatchObject({ labeled: 120 });
    expect(sub.judge.corrected.precision.value).toBeCloseTo(want.value, 12);
    expect(sub.judge.corrected.precision.low).toBeCloseTo(want.low, 12);
    expect(sub.judge.corrected.recallHits.high).toBeCloseTo(
      (want.high * sub.metrics.comments) / sub.coverage.covered,
      12,
    );
    // the re-score left its breakdowns to the back-fill, which reads the predictions as scored (the
    // judge's verdicts in place): its slices add up to the score's own bug-finding PRs, not to zero
    const score = await lab.db.prisma.score.findFirstOrThrow({
      where: { submissionId: id, release: { version: "2.0-labeled" } },
    });
    const slices = (score.details as { breakdowns?: Record<string, { metrics: Record<string, number> }[]> }).breakdowns!
      .category;
    const hits = slices.reduce((s, x) => s + x.metrics.prs_hit, 0);
    expect(hits).toBe(sub.metrics.prs_hit);
    expect(hits).toBeGreaterThan(0);
  }, 120_000);

  it("one team's daily budget of new comments for the judge: past it a 429 that says when it opens, and nothing stored", async () => {
    const flood = Object.fromEntries(
      Object.entries(unjudged()).map(([pr, p]) => [
        pr,
        { comments: p.comments.map((c) => ({ ...c, comment: `${c.comment} (flood)` })) },
      ]),
    );
    const before = await lab.db.prisma.submission.count();
    const r = await upload(flood, { model: "judged-flood" });
    expect(r.status).toBe(429);
    expect(r.body.error.message).toMatch(
      /budget for your team is 1400 new comments a day: \d+ sent today, this file has 1288 more; it opens again at /,
    );
    expect(await lab.db.prisma.submission.count()).toBe(before);
  });

  it("the spending cap stops judging for the day and says so", async () => {
    const { overBudget } = await import("@/lib/server/judging/ask");
    const cfg = { ...judgeConfig()!, dailyRequests: 1 };
    expect(await overBudget(sqlOf(lab.db.prisma), cfg)).toMatch(
      /daily spending cap is reached .* JUDGE_DAILY_REQUESTS/,
    );
    expect(await overBudget(sqlOf(lab.db.prisma), { ...cfg, dailyRequests: 0 })).toBeNull();
  });
});

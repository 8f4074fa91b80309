// The host's verdicts rank (issue 47, item 4): with a judge configured, every CR-Bench upload is
// judged by it — a file that carries its own verdicts too, which are kept and reported as
// self-judged with their agreement (Cohen's κ) beside the host's, never ranked in their place — and
// what the host starts itself (an admin's publish that re-judges every submission) is charged to
// the host, never to a team's daily budget. Through the real routes, jobs and PostgreSQL, with a
// fake judge speaking the protocol (test/helpers/fake-judge.ts).
import { describe, expect, it } from "vitest";
import { commentCount, fakeVerdict, judgeLab, startJudgeFor, type ReviewFile } from "../helpers/fake-judge";

// the team's budget of new comments a day: this file's uploads send 492 + 97 + 72 = 661 within it,
// and the admin's publish re-judges 97 of them again — counted against the team, 758 would be over
const BUDGET = 700;
const judge = await startJudgeFor({ JUDGE_TEAM_DAILY_COMMENTS: String(BUDGET) });

const { generateSynthetic } = await import("@/lib/synthetic/generate");
const { cohenKappa, reviewMetrics } = await import("@/lib/metrics");
const { sqlOf } = await import("@/lib/server/db");
const { teamPromptsToday } = await import("@/lib/server/judging/judging.sql");
const { apiCall, postFile, uploadFile } = await import("../helpers/requests");
const { teamToken } = await import("../helpers/seeded");

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Verdict = "bug_hit" | "valid_suggestion" | "noise";

const lab = judgeLab(judge, "host-judge@example.org", "Host Judge Lab");
const review = generateSynthetic().find((t) => t.task === "cr-bench/review")!;
// the single-shot reviewer's comments, each with the verdict the synthetic data gave it
const single = Object.entries(
  review.submissions[1].predictions as Record<
    string,
    { comments: (ReviewFile[string]["comments"][number] & { judgment: Verdict })[] }
  >,
);

/**
 * PRs [from, to) of the single-shot review, each comment marked so the fake judge gives it its
 * synthetic verdict, `tag` making the comments new to the judge's cache; `own`: the verdict the
 * file itself carries on every comment (none: the server's to give).
 */
function reviewFile(from: number, to: number, tag: string, own?: Verdict): ReviewFile {
  return Object.fromEntries(
    single.slice(from, to).map(([id, p]) => [
      id,
      {
        comments: p.comments.map(({ judgment, ...c }) => ({
          ...c,
          comment: `${c.comment} ${tag}${judgment === "bug_hit" ? " BUGHIT" : judgment === "valid_suggestion" ? " VALID" : ""}`,
          ...(own ? { judgment: own } : {}),
        })),
      },
    ]),
  );
}

/** The fake judge's verdicts on a file's comments, in file order. */
const hostVerdicts = (f: ReviewFile) =>
  Object.values(f).flatMap((p) => p.comments.map((c) => fakeVerdict(c.comment)!.toLowerCase()));

/** The metrics the fake judge's verdicts give a file. */
function hostMetrics(f: ReviewFile) {
  const v = Object.values(f).map((p) => p.comments.map((c) => fakeVerdict(c.comment)));
  const n = (x: string) => v.flat().filter((y) => y === x).length;
  return reviewMetrics({
    prs: v.length,
    hit: v.filter((p) => p.includes("BUG_HIT")).length,
    bugHit: n("BUG_HIT"),
    validSuggestion: n("VALID_SUGGESTION"),
    noise: n("NOISE"),
  });
}

const call = (method: string, url: string) => apiCall(method, url, { token: lab.token });
const upload = (file: ReviewFile, model: string) =>
  uploadFile("cr-bench/review", JSON.stringify(file), { model }, lab.token, "review.json");

/** Runs the due jobs until the submission leaves "judging". */
async function judged(id: string) {
  for (let k = 0; k < 6; k++) {
    await lab.db.runJobs();
    const s = await call("GET", `/api/v1/submissions/${id}`);
    if (s.body.status !== "judging") return s.body;
  }
  return (await call("GET", `/api/v1/submissions/${id}`)).body;
}

const teamId = async () =>
  (await lab.db.prisma.team.findFirstOrThrow({ where: { name: "Host Judge Lab" } })).id as string;

describe("the host's verdicts rank", () => {
  it("a self-judged upload is judged by the host and ranked on its verdicts; its own are kept, with their κ", async () => {
    // a team that calls every one of its comments a bug hit, on every PR of the release
    const file = reviewFile(0, 174, "(self)", "bug_hit");
    expect(commentCount(file)).toBe(492);
    const r = await upload(file, "self-judged-reviewer");
    expect(r.status).toBe(202);
    expect(r.body.judge).toMatchObject({ by: "server", model: "fake-judge-1" });
    const sub = await judged(r.body.id);
    expect(sub.status).toBe("scored");
    // the score is the host's verdicts, not the file's (which would give precision 1)
    const want = hostMetrics(file);
    expect(want.precision).toBeLessThan(0.5);
    expect(sub.metrics.precision).toBeCloseTo(want.precision, 12);
    expect(sub.metrics.recall).toBeCloseTo(want.recall, 12);
    expect(sub.metrics.f1).toBeCloseTo(want.f1, 12);
    // …and the file's verdicts are reported beside them: agreement and Cohen's κ over every comment
    const host = hostVerdicts(file);
    const own = host.map(() => "bug_hit");
    const hostHits = host.filter((v) => v === "bug_hit").length;
    expect(sub.judge.selfJudged).toEqual({
      comments: 492,
      agreement: hostHits / 492,
      kappa: cohenKappa(own, host),
      ownBugHits: 492,
      serverBugHits: hostHits,
      ownPrsHit: Object.values(file).filter((p) => p.comments.length).length,
      serverPrsHit: Object.values(file).filter((p) => p.comments.some((c) => fakeVerdict(c.comment) === "BUG_HIT"))
        .length,
    });
    expect(sub.judge.addressedJudge).toBe(0);
    // the board ranks the host's verdicts, marked as the server's
    const lb = await call("GET", "/api/v1/tasks/cr-bench/review/leaderboard?view=all&baselines=0");
    const row = lb.body.rows.find((x: Json) => x.submissionId === r.body.id);
    expect(row.judgedBy).toBe("server");
    expect(row.rank).not.toBeNull();
    expect(row.metrics.f1).toBeCloseTo(want.f1, 12);
    // the file's own verdicts are kept as uploaded
    const stored = await lab.db.prisma.prediction.findMany({ where: { submissionId: r.body.id } });
    const judgments = stored.flatMap((p) =>
      (p.data as { comments: { judgment: string }[] }).comments.map((c) => c.judgment),
    );
    expect(new Set(judgments)).toEqual(new Set(["bug_hit"]));
  }, 120_000);

  it("an admin's publish re-judges every submission at the host's charge: a team with uploads that day is not refused afterwards", async () => {
    const sql = sqlOf(lab.db.prisma);
    const first = reviewFile(0, 30, "(day)");
    expect(commentCount(first)).toBe(97);
    const r1 = await upload(first, "budgeted-reviewer");
    expect(r1.status).toBe(202);
    expect((await judged(r1.body.id)).status).toBe("scored");
    const team = await teamId();
    const usedBefore = await teamPromptsToday(sql, team);
    expect(usedBefore).toBe(492 + 97);

    // the admin publishes a release whose bugs (of the first 60 PRs) are described anew: every
    // comment on them is a new prompt, the team's 97 among them
    const current = await lab.db.prisma.release.findFirstOrThrow({
      where: { task: { fullSlug: "cr-bench/review" }, status: "published" },
    });
    const insts = await lab.db.prisma.instance.findMany({
      where: { releaseId: current.id },
      orderBy: { position: "asc" },
    });
    const rows = insts.map((x, i) => {
      const truth = x.truth as { bug_description: string };
      return {
        instance_id: x.externalId,
        ...(x.metadata as object),
        ...(truth as object),
        ...(i < 60 ? { bug_description: `${truth.bug_description} (described anew)` } : {}),
      };
    });
    const admin = await teamToken(lab.db, "admins", { isAdmin: true });
    const imported = await postFile(
      "/api/v1/admin/releases",
      { task: "cr-bench/review", version: "2.0-host" },
      { name: "release.jsonl", text: rows.map((x) => JSON.stringify(x)).join("\n") },
      admin,
    );
    expect(imported.status, imported.text).toBe(201);
    const asked = judge.calls.length;
    const published = await apiCall("POST", `/api/v1/admin/releases/${imported.body.release.id}/publish`, {
      token: admin,
    });
    expect(published.status, published.text).toBe(202);
    for (let k = 0; k < 8; k++) await lab.db.runJobs();
    // the host judged the team's comments again on the new release (and the seeded systems')…
    const rerun = await lab.db.query<{ queued: number; status: string }>(
      `SELECT queued, status FROM judge_runs WHERE submission_id = $1::uuid AND release_id = $2::uuid`,
      [r1.body.id, imported.body.release.id],
    );
    expect(rerun).toEqual([{ queued: 0, status: "done" }]);
    expect(judge.calls.length - asked).toBeGreaterThanOrEqual(97);
    const rescored = await call("GET", `/api/v1/submissions/${r1.body.id}`);
    expect(rescored.body.release.version).toBe("2.0-host");
    expect(rescored.body.metrics.f1).toBeCloseTo(hostMetrics(first).f1, 12);
    // …at its own charge: the team's ledger did not move
    expect(await teamPromptsToday(sql, team)).toBe(usedBefore);

    // the same day, the team's next upload fits its budget (589 + 72 ≤ 700; with the re-judge counted, 758 would not)
    const second = reviewFile(30, 60, "(day)");
    expect(commentCount(second)).toBe(72);
    const r2 = await upload(second, "budgeted-reviewer-2");
    expect(r2.status, JSON.stringify(r2.body)).toBe(202);
    expect((await judged(r2.body.id)).status).toBe("scored");
    expect(await teamPromptsToday(sql, team)).toBe(usedBefore + 72);

    // and the budget still holds for what the team itself sends
    const third = reviewFile(90, 174, "(day)");
    const r3 = await upload(third, "budgeted-reviewer-3");
    expect(r3.status).toBe(429);
    expect(r3.body.error.message).toMatch(
      new RegExp(
        `budget for your team is ${BUDGET} new comments a day: ${usedBefore + 72} sent today, this file has ${commentCount(third)} more`,
      ),
    );
  }, 240_000);
});

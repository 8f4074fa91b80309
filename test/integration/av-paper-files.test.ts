// Abstain-and-Validate's own output files through the real upload endpoint (issue 33): a file
// with judgments only where the paper has them (none for trajectories that fail the build/test
// regression checks or produced no patch) is a 201, not a 422, and scores as worked out by hand;
// on a hidden release, omitting judgments gets the same answer whatever the hidden regression
// flags are — against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/v1/admin/releases/route";
import { POST as submit } from "@/app/api/v1/tasks/[benchmark]/[task]/submissions/route";
import { GET as getSubmission } from "@/app/api/v1/submissions/[id]/route";
import { avExtraCharts } from "@/lib/tasks/scored-abstention/chart-data";
import { AvDetails } from "@/lib/tasks/scored-abstention/model";
import {
  AV_PAPER_EXPECTED,
  AV_PAPER_PREDICTIONS,
  AV_PAPER_RELEASE,
  explicitRejections,
  toJsonl,
} from "../fixtures/av-paper-files";
import { seededWithTokens, type TestDatabase } from "../helpers/seeded";
import { ctx, getRequest, multipartRequest } from "../helpers/requests";

const TASK = "abstain-validate/repair";
const P = { benchmark: "abstain-validate", task: "repair" };
// the validator is an LLM judge: uploads name it (issue 20)
const JUDGE = { judge_model: "gemini-2.5-pro", judge_prompt: "fix-spec" };

let db: TestDatabase;
let admin: string;
let member: string;

beforeAll(async () => void ({ db, admin, member } = await seededWithTokens("Paper authors")), 300_000);
afterAll(async () => db?.drop());

async function importRelease(version: string, rows: unknown[], hidden = false) {
  const res = await importRoute(
    multipartRequest(
      "/api/v1/admin/releases",
      { task: TASK, version, publish: "true", ...(hidden ? { hidden: "true" } : {}) },
      { name: "release.json", text: JSON.stringify(rows) },
      admin,
    ),
    ctx({}),
  );
  const body = await res.json();
  expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(201);
  await db.runJobs();
}

async function upload(text: string, fields: Record<string, string>, name = "predictions.jsonl") {
  const res = await submit(
    multipartRequest(`/api/v1/tasks/${TASK}/submissions`, { ...JUDGE, ...fields }, { name, text }, member),
    ctx(P),
  );
  return { status: res.status, body: await res.json() };
}

describe("a public release", () => {
  let id: string;
  it("the paper-shaped file is a 201 and scores as worked out by hand", async () => {
    await importRelease("paper-1", AV_PAPER_RELEASE);
    const r = await upload(toJsonl(AV_PAPER_PREDICTIONS), { model: "paper-shaped", visibility: "public" });
    expect(r.status, JSON.stringify(r.body).slice(0, 600)).toBe(201);
    expect(r.body.status).toBe("scored");
    expect(r.body.validation).toMatchObject({ covered: 4, total: 4, partial: false });
    for (const [key, want] of Object.entries(AV_PAPER_EXPECTED)) expect(r.body.metrics[key], key).toBeCloseTo(want, 12);
    id = r.body.id;
    // the submission as anyone reads it carries the same metrics
    const got = await getSubmission(getRequest(`/api/v1/submissions/${id}`), ctx({ id }));
    expect(got.status).toBe(200);
    expect((await got.json()).metrics.validation_p75_fpr).toBe(AV_PAPER_EXPECTED.validation_p75_fpr);
  });

  it("stores only the judged trajectories, and details for every k, Table 4, Figures 14 and 15", async () => {
    const stored = await db.prisma.prediction.findFirstOrThrow({ where: { submissionId: id, externalId: "av-a" } });
    expect((stored.data as { trajectories: { id: string }[] }).trajectories.map((t) => t.id)).toEqual(["a1", "a2"]);
    const score = await db.prisma.score.findFirstOrThrow({ where: { submissionId: id } });
    const details = AvDetails.parse(score.details);
    expect(details.successAtK.combined_binary).toHaveLength(4);
    expect(details.unjudged).toEqual({ total: 5, passingFilter: 1 });
    const x = avExtraCharts(details);
    expect(x.table4.some((r) => r.population === "judged")).toBe(true);
    expect(x.validationRecallAtK?.p90).toHaveLength(4);
    expect(x.patchOps?.accepted?.mean).toBe(3);
  });

  it("leaving unjudged trajectories out scores exactly like rejecting them", async () => {
    const r = await upload(JSON.stringify(explicitRejections()), { model: "explicit" }, "explicit.json");
    expect(r.status, JSON.stringify(r.body).slice(0, 600)).toBe(201);
    const paper = await getSubmission(getRequest(`/api/v1/submissions/${id}`), ctx({ id }));
    // Table 4's judged-only rates (issue 50) count an explicit rejection as judged, an unjudged
    // trajectory not: those differ by design; §6.2's rates and everything else are equal
    const unjudgedAlike = (m: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(m).filter(([k]) => !k.endsWith("_judged")));
    const paperMetrics = (await paper.json()).metrics as Record<string, unknown>;
    expect(unjudgedAlike(r.body.metrics)).toEqual(unjudgedAlike(paperMetrics));
    expect(Object.keys(paperMetrics).some((k) => k.endsWith("_judged"))).toBe(true);
  });

  it("values that are present are still checked: an accepted patch without its score is a 422", async () => {
    const bad = AV_PAPER_PREDICTIONS.map((p) =>
      p.instance_id === "av-b"
        ? { ...p, trajectories: [{ trajectory_id: "b1", is_bug_fixed: true, internal_score: null }] }
        : p,
    );
    const r = await upload(toJsonl(bad), { model: "bad", dry_run: "true" });
    expect(r.status).toBe(422);
    expect(r.body.error.details.problems).toEqual([
      expect.objectContaining({ instanceId: "av-b", field: "trajectories[0].internal_score" }),
    ]);
  });
});

describe("a hidden release", () => {
  it("omitting judgments gets the same answer as judging every trajectory, whatever the hidden regression flags", async () => {
    const answers: string[] = [];
    for (const [version, flip] of [
      ["paper-hidden-1", false],
      ["paper-hidden-2", true],
    ] as const) {
      await importRelease(
        version,
        AV_PAPER_RELEASE.map((b) => ({
          ...b,
          trajectories: b.trajectories.map((t) => ({
            ...t,
            passes_regression: flip ? !t.passes_regression : t.passes_regression,
          })),
        })),
        true,
      );
      for (const [name, text] of [
        ["paper.jsonl", toJsonl(AV_PAPER_PREDICTIONS)],
        ["explicit.jsonl", toJsonl(explicitRejections())],
      ]) {
        const r = await upload(text, { model: `dry-${version}`, dry_run: "true" }, name);
        expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);
        // a dry run on a hidden release shows no metric
        expect(r.body.metrics ?? {}).toEqual({});
        answers.push(JSON.stringify({ status: r.status, body: { ...r.body, id: undefined } }));
      }
    }
    // four answers, one content: the release version aside, nothing moves with the flags
    expect(new Set(answers.map((a) => a.replace(/paper-hidden-\d/g, "V"))).size).toBe(1);
    // and a scored upload of the paper's shape is a 201 on the hidden release too (keyed by id:
    // the JSONL is byte-identical to the public release's live submission, a 409)
    const keyed = Object.fromEntries(AV_PAPER_PREDICTIONS.map(({ instance_id, ...p }) => [instance_id, p]));
    const r = await upload(JSON.stringify(keyed), { model: "paper-hidden" }, "paper.json");
    expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(201);
  });
});

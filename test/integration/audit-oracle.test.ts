// The audit is no oracle (issue 47, item 2): what an uploader can read of the integrity audit is a
// function of what it could read anyway. Before, a team near another team's PRIVATE submission
// read its similarity (0.99882), changed one label and read it move (0.99941): one upload per
// label of the private file. Here the same probe — a file, then the same file with one label
// changed — against another team's private submission, and against a hidden release's truth:
// everything the uploader reads (the upload's answer, its submission page's data and the API's
// audit) is the same in both cases, and says nothing of the private file or the hidden labels;
// the admins read the difference.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuditCard } from "@/components/submission/audit-card";
import { actorFromToken } from "@/lib/server/auth";
import { submissionAuditView } from "@/lib/server/integrity";
import { canView, submissionPageView } from "@/lib/server/submissions";
import { seededTestDatabase, teamToken, type TestDatabase } from "../helpers/seeded";
import { apiCall, postFile, uploadFile, type Json } from "../helpers/requests";

const TASK = "bouncerbench/input";
let db: TestDatabase;
const tok: Record<string, string> = {};
let ids: string[] = [];

/** A file of its own: a seeded decision per instance; `flip`: the positions whose decision is changed. */
const file = (list: string[], seed: number, flip: number[] = []) =>
  JSON.stringify(
    Object.fromEntries(
      list.map((id, i) => [id, { input_bounce: (i * 7919 + seed * 104729) % 5 < 2 !== flip.includes(i) }]),
    ),
  );

/** The fields of an answer that are the file's own (its id, hash, date and score), left out of the comparison. */
function withoutOwn(body: Json): Json {
  const { id, createdAt, file, metrics, ci, scores, standing, ladder, ...rest } = body;
  void [id, createdAt, file, metrics, ci, scores, standing, ladder];
  return rest;
}

/** Everything the uploading team can read of one upload's audit: answer, API, the page's data and card. */
async function uploaderReads(answer: Json, team: string) {
  const id = answer.id as string;
  const api = await apiCall("GET", `/api/v1/submissions/${id}`, { token: tok[team] });
  expect(api.status).toBe(200);
  const actor = await actorFromToken(tok[team]);
  const v = await submissionPageView(db.prisma, id, actor, {});
  const pageAudit = await submissionAuditView(db.prisma, v.sub, actor, canView);
  return {
    answer: withoutOwn(answer),
    api: withoutOwn(api.body),
    page: {
      hidden: v.sub.hiddenAt !== null,
      hiddenReason: v.sub.hiddenReason,
      held: v.sub.heldAt !== null,
      audit: pageAudit,
      card: pageAudit ? renderToStaticMarkup(createElement(AuditCard, { audit: pageAudit })) : null,
    },
  };
}

async function upload(team: string, text: string, fields: Record<string, string> = {}) {
  const a = await uploadFile(TASK, text, { model: `${team}-probe`, ...fields }, tok[team]);
  expect(a.status, a.text.slice(0, 300)).toBe(201);
  return a.body;
}
const adminAudit = async (id: string) =>
  (await apiCall("GET", `/api/v1/submissions/${id}`, { token: tok.admin })).body.audit;

beforeAll(async () => {
  db = await seededTestDatabase({ runJobs: true });
  tok.admin = await teamToken(db, "admins", { isAdmin: true });
  for (const t of ["keeper", "prober", "label-prober"]) tok[t] = await teamToken(db, t);
  const release = await db.prisma.release.findFirstOrThrow({
    where: { task: { fullSlug: TASK }, status: "published" },
    include: { instances: { select: { externalId: true }, orderBy: { position: "asc" } } },
  });
  ids = release.instances.map((i) => i.externalId);
});
afterAll(async () => db?.drop());

describe("the audit is no oracle", () => {
  it("against another team's private submission: a file and the same file with one label changed read the same", async () => {
    const kept = await upload("keeper", file(ids, 1), { visibility: "private" });
    // near the private file: 1 decision changed, then 2 (one more label changed)
    const first = await upload("prober", file(ids, 1, [7]));
    const second = await upload("prober", file(ids, 1, [7, 8]));
    const a = await uploaderReads(first, "prober");
    const b = await uploaderReads(second, "prober");
    expect(b).toEqual(a);
    // and what they read says nothing of it: clean, not held, no figure, no name
    expect(a.api.audit).toEqual({ status: "clean", held: null, reasons: [] });
    expect(a.answer.audit).toEqual(a.api.audit);
    for (const r of [a, b]) {
      const text = JSON.stringify(r);
      for (const secret of [kept.id, "keeper", "99."]) expect(text).not.toContain(secret);
    }
    // the admins read what the probe was after: the similarity moved by one instance
    const [x, y] = [await adminAudit(first.id), await adminAudit(second.id)];
    const dup = (v: Json) => v.reasons.find((r: Json) => r.kind === "near-duplicate");
    expect(dup(x)).toMatchObject({ submissionId: kept.id, holds: false });
    expect(dup(x).similarity).toBeCloseTo(1698 / 1699, 9);
    expect(dup(y).similarity).toBeCloseTo(1697 / 1699, 9);
  });

  it("against a hidden release's truth: the truth and the truth with one label changed read the same", async () => {
    const hidden = ids.slice(0, 60);
    const labels = hidden.map((_, i) => (i * 7) % 4);
    const csv = ["instance_id,underspecified", ...hidden.map((id, i) => `${id},${labels[i]}`)].join("\n");
    const imported = await postFile(
      "/api/v1/admin/releases",
      { task: TASK, version: "9.0-hidden", hidden: "true", publish: "true" },
      { name: "h.csv", text: csv },
      tok.admin,
    );
    expect(imported.status).toBe(201);
    await db.runJobs();
    // a bounce is an underspecified label of 2 or 3: the hidden truth itself, then one label off
    const truth = (flip: number[]) =>
      JSON.stringify(
        Object.fromEntries(hidden.map((id, i) => [id, { input_bounce: labels[i] >= 2 !== flip.includes(i) }])),
      );
    const first = await upload("label-prober", truth([]));
    const second = await upload("label-prober", truth([3]));
    const a = await uploaderReads(first, "label-prober");
    const b = await uploaderReads(second, "label-prober");
    expect(b).toEqual(a);
    expect(a.api.audit).toEqual({ status: "clean", held: null, reasons: [] });
    // the admins see the truth reproduced (60 of 60 right, then 59), and it holds nothing on a hidden release
    const match = (v: Json) => v.reasons.find((r: Json) => r.kind === "truth-match");
    expect(match(await adminAudit(first.id)).detail).toMatch(/^right on 60 of 60 covered instances/);
    expect(match(await adminAudit(second.id)).detail).toMatch(/^right on 59 of 60 covered instances/);
    expect(match(await adminAudit(first.id)).holds).toBe(false);
  });
});

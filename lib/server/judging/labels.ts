// The server's judge measured against a release's human labels (issue 34): a sample of review
// comments a human classified ships in the release's truth; the judge classifies the same
// comments (through the verdict cache, like any upload's), and its agreement — Cohen's κ,
// sensitivity and specificity of bug_hit — is stored per (release, model, template). A
// server-judged submission's bug-hit rates are then also reported corrected for the judge's errors
// (Lee et al. 2025), with intervals that count the labels' uncertainty too.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { biasCorrected, judgeAgreement, type JudgeAgreement } from "@/lib/metrics";
import { getReleaseInstances } from "@/lib/server/cache";
import { sqlOf, type Sql } from "@/lib/server/db";
import { defineUpkeep, queueUpkeep } from "@/lib/server/jobs";
import { log } from "@/lib/server/observability";
import { resolvedTask, TASK_WITH_BENCHMARK } from "@/lib/server/tasks";
import { askForVerdict, overBudget } from "./ask";
import { judgeConfig, nextUtcMidnight, sha256, verdictKey } from "./config";
import { agreementOf, insertVerdict, upsertAgreement, verdictsOf } from "./judging.sql";

export interface StoredAgreement extends JudgeAgreement {
  /** labeled comments whose answers never gave a class (counted as the kind's fallback verdict) */
  malformed: number;
  /** per human label, the judge's verdicts: { human: { judge: count } } */
  confusion: Record<string, Record<string, number>>;
}

/** Queues the judge's run over a release's human labels (one waiting job per release). */
export function queueJudgeLabels(sql: Sql, releaseId: string, concurrency: number) {
  return queueUpkeep(
    sql,
    "judge-labels",
    { releaseId },
    { jobKey: `judge-labels:${releaseId}`, queue: `judge:${Math.floor(Math.random() * concurrency)}`, maxAttempts: 25 },
  );
}

/**
 * Judges a release's labeled comments (those without a cached verdict) and stores the agreement.
 * Returns false when it stopped for the day's spending cap (re-queued for tomorrow).
 */
export async function judgeLabels(db: PrismaClient, releaseId: string): Promise<boolean> {
  const cfg = judgeConfig();
  const release = await db.release.findUnique({ where: { id: releaseId }, include: TASK_WITH_BENCHMARK });
  if (!cfg || !release) return true;
  const task = resolvedTask(release.task);
  const judge = task.kind.serverJudge;
  if (!judge?.humanLabels) return true;
  const sql = sqlOf(db);
  const templateSha = sha256(judge.template);
  const items: { key: string; instanceId: string; prompt: string; human: string }[] = [];
  for (const inst of await getReleaseInstances(db, releaseId, true)) {
    const h = judge.humanLabels(inst.truth);
    if (!h) continue;
    judge.prompts(inst.truth, h.prediction).forEach((prompt, k) =>
      items.push({
        key: verdictKey(inst.externalId, cfg.model, templateSha, prompt),
        instanceId: inst.externalId,
        prompt,
        human: h.labels[k],
      }),
    );
  }
  if (!items.length) return true;
  const cached = await verdictsOf(sql, [...new Set(items.map((i) => i.key))]);
  for (const it of items) {
    if (cached.has(it.key)) continue;
    const cap = await overBudget(sql, cfg);
    if (cap) {
      // tomorrow, as the one waiting label job of the release (its key: no second one queued)
      await queueUpkeep(
        sql,
        "judge-labels",
        { releaseId },
        {
          jobKey: `judge-labels:${releaseId}`,
          queue: "judge:0",
          maxAttempts: 25,
          runAt: new Date(nextUtcMidnight().getTime() + 60_000),
        },
      );
      return false;
    }
    const v = await askForVerdict(sql, cfg, judge, it.prompt);
    await insertVerdict(sql, {
      key: it.key,
      instanceId: it.instanceId,
      model: cfg.model,
      promptSha256: templateSha,
      ...v,
    });
    cached.set(it.key, { key: it.key, classification: v.classification, reason: v.reason, outcome: v.outcome });
  }
  const pairs = items.map((i) => ({ human: i.human, judge: cached.get(i.key)!.classification }));
  const confusion: StoredAgreement["confusion"] = {};
  for (const p of pairs) (confusion[p.human] ??= {})[p.judge] = (confusion[p.human]?.[p.judge] ?? 0) + 1;
  const data: StoredAgreement = {
    ...judgeAgreement(pairs, judge.positive),
    malformed: items.filter((i) => cached.get(i.key)!.outcome === "malformed").length,
    confusion,
  };
  await upsertAgreement(sql, releaseId, cfg.model, templateSha, data);
  log.info({ releaseId, model: cfg.model, n: data.n, kappa: data.kappa }, "judge agreement with human labels");
  return true;
}

export const judgeLabelsUpkeep = defineUpkeep("judge-labels", async (db, { releaseId }) => {
  await judgeLabels(db, releaseId);
});

/** Queues judge-labels for every current release with human labels and no agreement for the configured judge (start-up, imports). */
export async function queueMissingAgreements(db: PrismaClient, only?: string): Promise<number> {
  const cfg = judgeConfig();
  if (!cfg) return 0;
  const releases = await db.release.findMany({
    where: { status: { in: ["draft", "published"] }, ...(only ? { id: only } : {}) },
    include: TASK_WITH_BENCHMARK,
  });
  let queued = 0;
  for (const r of releases) {
    const judge = resolvedTask(r.task).kind.serverJudge;
    if (!judge?.humanLabels) continue;
    if (await agreementOf(sqlOf(db), r.id, cfg.model, sha256(judge.template))) continue;
    const labeled = (await getReleaseInstances(db, r.id, true)).some((i) => judge.humanLabels!(i.truth));
    if (!labeled) continue;
    await queueJudgeLabels(sqlOf(db), r.id, cfg.concurrency);
    queued++;
  }
  return queued;
}

export interface AgreementView {
  model: string;
  promptSha256: string;
  computedAt: string;
  agreement: StoredAgreement;
}

/** The judge's agreement with a release's human labels (for this judge, else the latest), or null. */
export async function agreementView(
  sql: Sql,
  releaseId: string,
  judge?: { model: string; promptSha256: string },
): Promise<AgreementView | null> {
  const a = await agreementOf(sql, releaseId, judge?.model, judge?.promptSha256);
  if (!a) return null;
  return {
    model: a.model,
    promptSha256: a.prompt_sha256,
    computedAt: a.computed_at.toISOString(),
    agreement: a.data as StoredAgreement,
  };
}

/**
 * A server-judged CR-Bench score's bug-hit rates corrected for the judge's errors on the labels:
 * precision (bug-hit comments / comments) and the paper's Eq. 2 recall (bug-hit comments / PRs),
 * each with its 95% interval (test set and labels both counted). Null without agreement figures.
 */
export function correctedRates(
  a: JudgeAgreement,
  counts: { comments: number; bugHits: number; prs: number },
): {
  precision: { value: number; low: number; high: number };
  recallHits: { value: number; low: number; high: number };
} | null {
  if (!counts.comments || a.sensitivity === null || a.specificity === null) return null;
  const r = biasCorrected(
    { p: counts.bugHits / counts.comments, n: counts.comments },
    { q0: a.specificity, m0: a.negatives, q1: a.sensitivity, m1: a.positives },
  );
  if (!r) return null;
  const perPr = counts.comments / counts.prs;
  return { precision: r, recallHits: { value: r.value * perPr, low: r.low * perPr, high: r.high * perPr } };
}

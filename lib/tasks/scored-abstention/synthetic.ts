// Synthetic Abstain-and-Validate data (lib/synthetic/generate.ts lists it): bugs with their
// repair trajectories following the paper's statistics, and two abstain-and-validate policies.
import { clamp01, Rng, words } from "@/lib/synthetic/random";
import { pad, type SyntheticTask } from "@/lib/synthetic/task";

const AV_CATEGORIES = ["crash", "logic", "ui", "performance", "configuration", "data"];

/** 174 bugs × 20 trajectories, ~27% fixable; two policies scoring abstention and validating trajectories. */
export function syntheticRepairTask(seed: number): SyntheticTask {
  const rng = new Rng(seed);
  // 174 bugs × 20 trajectories; ~27% fixable; success rates skewed toward 0–15% (paper Fig. 2)
  const bugs = Array.from({ length: 174 }, (_, i) => {
    const fixable = rng.bernoulli(0.27);
    const p = fixable ? clamp01(rng.beta(1.5, 2.5)) * 0.9 + 0.05 : 0;
    const trajectories = Array.from({ length: 20 }, (_, j) => {
      const success = rng.bernoulli(p);
      return {
        trajectory_id: `t${pad(j + 1, 2)}`,
        success,
        passes_regression: success ? rng.bernoulli(0.95) : rng.bernoulli(0.6),
      };
    });
    return { id: `syn-bug-${pad(i + 1, 3)}`, category: rng.pick(AV_CATEGORIES), p, trajectories };
  });
  const release = bugs.map((b) => ({
    instance_id: b.id,
    title: `Synthetic bug ${b.id.slice(-3)}: ${words(rng, 6)}`,
    description: words(rng, 60),
    category: b.category,
    trajectories: b.trajectories,
  }));
  const systems = [
    {
      model: "abstainer-r2",
      system: "Spec-guided validator (synthetic)",
      team: "Synthetic Lab A",
      meta: {
        agent: "APR agent",
        base_model: "gemini-2.5-pro",
        policy_model: "gemini-2.0-flash",
        judge_model: "gemini-2.5-pro",
        judge_prompt: "fix-spec",
        temperature: 0,
        agentic: true,
      },
      oss: false,
      skill: 0.6,
      vskill: 0.45,
    },
    {
      model: "abstainer-r1",
      system: "No-spec validator (synthetic)",
      team: "Synthetic Lab B",
      meta: {
        agent: "APR agent",
        base_model: "gemini-2.5-pro",
        policy_model: "gemini-2.0-flash",
        judge_model: "gemini-2.0-flash",
        judge_prompt: "no-spec",
        temperature: 0,
        agentic: true,
      },
      oss: true,
      skill: 0.35,
      vskill: 0.25,
    },
  ];
  const submissions = systems.map((s) => ({
    ...s,
    predictions: Object.fromEntries(
      bugs.map((b) => [
        b.id,
        {
          abstention_score: clamp01(
            s.skill * (b.p > 0 ? 0.35 + b.p : 0.15) + (1 - s.skill) * rng.uniform() + rng.normal(0, 0.08),
          ),
          trajectories: b.trajectories.map((t) => {
            const right = rng.bernoulli(0.5 + s.vskill / 2);
            const judgment = right ? t.success : !t.success;
            return {
              trajectory_id: t.trajectory_id,
              validation_judgment: judgment,
              validation_score: clamp01((judgment ? 0.6 : 0.3) + rng.normal(0, 0.15)),
            };
          }),
        },
      ]),
    ),
  }));
  return {
    task: "abstain-validate/repair",
    version: "synthetic-1",
    notes:
      "Synthetic bugs and trajectories following the paper's statistics (174 bugs, 20 trajectories, ~27% fixable).",
    release,
    submissions,
  };
}

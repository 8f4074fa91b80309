// Synthetic BouncerBench Lite data (lib/synthetic/generate.ts lists it): instances and bouncers
// drawn as binary-abstention's, both sides of each bouncer per instance.
import { INPUT_LABELS } from "@/lib/tasks/binary-abstention/labels";
import { BOUNCE_SYSTEMS, bounceInstances, bouncer } from "@/lib/tasks/binary-abstention/synthetic";
import { Rng } from "@/lib/synthetic/random";
import type { SyntheticTask } from "@/lib/synthetic/task";

/** BouncerBench Lite: tickets with their patches, and three input + output bouncer pipelines. */
export function syntheticLiteTask(seed: number): SyntheticTask {
  const rng = new Rng(seed);
  const inst = bounceInstances(rng, "syn-lite", 642);
  const release = inst.map((x) => ({
    instance_id: x.id,
    input_quality: x.label,
    problem_statement: x.problem,
    patch: x.patch,
    output_quality: x.pass,
    output_bounce: x.incorrect,
  }));
  const submissions = BOUNCE_SYSTEMS.map((s) => ({
    ...s,
    predictions: Object.fromEntries(
      inst.map((x) => {
        // vaguer tickets are bounced more often; label 3 almost always
        const inB = bouncer(
          rng,
          x.label >= 2,
          x.label === 3 ? Math.min(1, s.inR * 2) : s.inR,
          x.label === 1 ? s.inF * 1.5 : s.inF,
        );
        const label = INPUT_LABELS[inB ? rng.int(2, 3) : rng.int(0, 1)];
        return [
          x.id,
          { input_label: label, input_bounce: inB, output_bounce: bouncer(rng, x.incorrect, s.outR, s.outF) },
        ];
      }),
    ),
  }));
  return {
    task: "bouncerbench/lite",
    version: "synthetic-1",
    notes: "Synthetic stand-in until the official Lite releases are imported.",
    release,
    submissions,
  };
}

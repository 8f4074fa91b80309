// CI-Bench breakdowns per CI service and failure type (issue 20): BugSwarm's own fields are read
// from release rows (a string, or BugSwarm's classification object) and offered as attributes.
import { describe, expect, it } from "vitest";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { offeredAttributes } from "@/lib/tasks/shared/breakdowns";
import { ciRepair } from "./index";

const base = generateSynthetic().find((t) => t.task === "ci-bench/repair")!.release[0] as Record<string, unknown>;

describe("BugSwarm fields", () => {
  it("reads ci_service and a failure type given as text or as BugSwarm's classification", () => {
    const a = ciRepair.parseReleaseRow({ ...base, ci_service: "travis", failure_type: "test" }, {});
    expect(a.ok && a.value.metadata).toMatchObject({ ci_service: "travis", failure_type: "test" });
    const b = ciRepair.parseReleaseRow(
      {
        ...base,
        ci_service: undefined,
        failure_type: undefined,
        classification: { build: "No", code: "Yes", test: "Partial" },
      },
      {},
    );
    expect(b.ok && b.value.metadata.failure_type).toBe("code");
    const bad = ciRepair.parseReleaseRow({ ...base, ci_service: ["travis"] }, {});
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems[0]).toMatchObject({ field: "ci_service" });
  });

  it("the seeded release offers breakdowns by repository, CI service and failure type", () => {
    const rows = generateSynthetic().find((t) => t.task === "ci-bench/repair")!.release as Record<string, unknown>[];
    const instances = rows.map((r) => {
      const p = ciRepair.parseReleaseRow(r, {});
      if (!p.ok) throw new Error(JSON.stringify(p.problems));
      return p.value;
    });
    const keys = offeredAttributes(ciRepair, {}, instances).map((a) => a.key);
    expect(keys).toEqual(expect.arrayContaining(["repository", "ci_service", "failure_type", "language"]));
  });
});

// CI-Bench breakdowns per CI service and failure type (issues 20 and 33): BugSwarm's own fields
// are read from release rows and offered as attributes. They are optional: a row without them,
// or with a value that cannot be read, imports without it and carries a warning, never a problem.
import { describe, expect, it } from "vitest";
import { generateSynthetic } from "@/lib/synthetic/generate";
import { offeredAttributes } from "@/lib/tasks/shared/breakdowns";
import { ciRepair, parseCiReleaseRow } from "./index";

const base = generateSynthetic().find((t) => t.task === "ci-bench/repair")!.release[0] as Record<string, unknown>;
const bare = { ...base, ci_service: undefined, failure_type: undefined };

describe("BugSwarm fields", () => {
  it("reads ci_service and a failure type given as text, or derived from BugSwarm's failed job", () => {
    const a = ciRepair.parseReleaseRow({ ...base, ci_service: "travis", failure_type: "test" }, {});
    expect(a.ok && a.value.metadata).toMatchObject({ ci_service: "travis", failure_type: "test" });
    const b = parseCiReleaseRow({
      ...bare,
      failed_job: { failed_tests: "FooTest#testBar", num_tests_failed: 1, num_tests_run: 40 },
      classification: { build: "No", code: "Yes", test: "No", exceptions: ["AssertionError"] },
    });
    expect(b.ok && b.value.metadata.failure_type).toBe("test");
    expect(b.warnings).toBeUndefined();
  });

  it("BugSwarm's classification (what the fix touched) is not a failure type: imported without one, with a warning", () => {
    const b = parseCiReleaseRow({ ...bare, classification: { build: "No", code: "Yes", test: "Partial" } });
    expect(b.ok).toBe(true);
    expect(b.ok && b.value.metadata.failure_type).toBeUndefined();
    expect(b.warnings).toEqual([{ field: "failure_type", message: expect.stringMatching(/^no failure type/) }]);
    // no "Yes" at all aborted the whole import before issue 33
    const none = parseCiReleaseRow({ ...bare, classification: { build: "No", code: "No", test: "No" } });
    expect(none.ok).toBe(true);
  });

  it("an unreadable optional value is a warning, not a problem", () => {
    const bad = parseCiReleaseRow({ ...base, ci_service: ["travis"] });
    expect(bad.ok).toBe(true);
    expect(bad.ok && "ci_service" in bad.value.metadata).toBe(false);
    expect(bad.warnings).toEqual([{ field: "ci_service", message: expect.stringMatching(/^unreadable, left out/) }]);
    const job = parseCiReleaseRow({ ...bare, failed_job: { num_tests_failed: -2 } });
    expect(job.ok).toBe(true);
    expect(job.warnings?.map((w) => w.field)).toEqual(["failed_job.num_tests_failed", "failure_type"]);
    // through the kind's module too (the server's path): the row imports
    expect(ciRepair.parseReleaseRow({ ...base, ci_service: 7, failure_type: { test: "Yes" } }, {}).ok).toBe(true);
  });

  it("required fields stay problems", () => {
    const r = parseCiReleaseRow({ ...base, repo: "" });
    expect(!r.ok && r.problems[0]).toMatchObject({ field: "repo", message: "missing" });
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

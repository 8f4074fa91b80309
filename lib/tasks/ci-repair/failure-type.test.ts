// What failed in a CI-Bench artifact (issue 33): each branch of readFailureType, on hand-made
// BugSwarm-shaped rows. BugSwarm's classification (what the fix touched) is never read.
import { describe, expect, it } from "vitest";
import { readFailureType } from "./failure-type";

/** BugSwarm's classification of a fix that changed code only: no "Yes" for build or test. */
const classification = { build: "No", code: "Yes", test: "No", exceptions: ["NullPointerException"], dependency: "No" };

describe("readFailureType", () => {
  it.each([
    [
      "failure_type given as text wins",
      { failure_type: " test ", failed_job: { num_tests_failed: 0 } },
      "test",
      "failure_type",
    ],
    [
      "failed tests named",
      { failed_job: { failed_tests: "ATest#testF#BTest#testG", num_tests_failed: 2 } },
      "test",
      "failed_job",
    ],
    ["failed tests named, no count", { failed_job: { failed_tests: "ATest#testF" } }, "test", "failed_job"],
    ["failed tests as a list", { failed_job: { failed_tests: ["ATest#testF"] } }, "test", "failed_job"],
    [
      "a count of failed tests, no names",
      { failed_job: { failed_tests: "", num_tests_failed: 3 } },
      "test",
      "failed_job",
    ],
    ["a count as text (a CSV column)", { failed_job: { num_tests_failed: "1" } }, "test", "failed_job"],
    [
      "no failed test: the build failed",
      { failed_job: { failed_tests: "", num_tests_failed: 0, num_tests_run: 0 } },
      "build",
      "failed_job",
    ],
    [
      "tests passed but the job failed: build",
      { failed_job: { num_tests_failed: 0, num_tests_run: 120 } },
      "build",
      "failed_job",
    ],
    [
      "failed_job as JSON text (a CSV column)",
      { failed_job: '{"failed_tests": "ATest#testF", "num_tests_failed": 1}' },
      "test",
      "failed_job",
    ],
    ["flattened export: fields at the top", { num_tests_failed: 0, failed_tests: "" }, "build", "failed_job"],
    [
      "classification beside a failed job is ignored",
      { classification, failed_job: { num_tests_failed: 0 } },
      "build",
      "failed_job",
    ],
  ])("%s", (_, row, value, source) => {
    expect(readFailureType(row)).toEqual({ value, source });
  });

  it("a classification alone says what the fix touched, not what failed: no failure type", () => {
    expect(readFailureType({ classification })).toEqual({ value: null, unreadable: [] });
    // the release that aborted the import before issue 33: no category is "Yes"
    expect(readFailureType({ classification: { build: "No", code: "No", test: "Partial", exceptions: [] } })).toEqual({
      value: null,
      unreadable: [],
    });
  });

  it("nothing at all, or blanks: no failure type, nothing unreadable", () => {
    expect(readFailureType({})).toEqual({ value: null, unreadable: [] });
    expect(readFailureType({ failure_type: "  ", failed_job: null })).toEqual({ value: null, unreadable: [] });
    expect(readFailureType({ failed_job: { job_id: 1 } })).toEqual({ value: null, unreadable: [] });
  });

  it("unreadable values are named and skipped, never thrown", () => {
    expect(readFailureType({ failure_type: { build: "Yes" } })).toEqual({ value: null, unreadable: ["failure_type"] });
    expect(readFailureType({ failure_type: "x".repeat(81) })).toEqual({ value: null, unreadable: ["failure_type"] });
    expect(readFailureType({ failed_job: "not json" })).toEqual({ value: null, unreadable: ["failed_job"] });
    expect(readFailureType({ failed_job: [1] })).toEqual({ value: null, unreadable: ["failed_job"] });
    expect(readFailureType({ failed_job: { num_tests_failed: -1, failed_tests: [1, 2] } })).toEqual({
      value: null,
      unreadable: ["failed_job.failed_tests", "failed_job.num_tests_failed"],
    });
    expect(readFailureType({ num_tests_failed: "many" })).toEqual({ value: null, unreadable: ["num_tests_failed"] });
  });

  it("an unreadable failure_type falls back to the failed job", () => {
    expect(readFailureType({ failure_type: ["test"], failed_job: { num_tests_failed: 2 } })).toEqual({
      value: "test",
      source: "failed_job",
    });
  });
});

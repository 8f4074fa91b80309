import { describe, expect, it } from "vitest";
import { countLabel, runsOf } from "./changelog-runs";

const e = (kind: string, at: string) => ({ kind, at });

describe("the changelog's runs", () => {
  it("cuts events into runs of one kind on one UTC day, in order", () => {
    const events = [
      e("submission.public", "2026-12-05T10:00:00Z"),
      e("submission.public", "2026-12-05T09:00:00Z"),
      e("submission.public", "2026-12-05T08:00:00Z"),
      e("submission.hide", "2026-12-05T07:00:00Z"),
      e("submission.public", "2026-12-05T06:00:00Z"),
      e("submission.public", "2026-12-04T23:59:59Z"),
    ];
    expect(runsOf(events).map((r) => r.length)).toEqual([3, 1, 1, 1]);
    expect(runsOf([])).toEqual([]);
  });

  it("counts with the label in the right number", () => {
    expect(countLabel("new entry", 1013)).toBe("1,013 new entries");
    expect(countLabel("new entry", 1)).toBe("1 new entry");
    expect(countLabel("held for review", 4)).toBe("4 held for review");
    expect(countLabel("re-score", 2)).toBe("2 re-scores");
  });
});

import { describe, expect, it } from "vitest";
import { closestValue, didYouMean, editDistance, suggestionBound } from "./did-you-mean";
import { INPUT_LABELS } from "../binary-abstention/labels";

describe("editDistance", () => {
  it.each([
    ["", "", 0],
    ["abc", "", 3],
    ["kitten", "sitting", 3],
    ["WELL_SPECIFED", "WELL_SPECIFIED", 1],
    ["abcd", "acbd", 1], // a swap of neighbours is one edit
    ["astropy__astropy-1290", "astropy__astropy-12907", 1],
  ])("%s → %s: %i", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
  it("stops past its bound and says bound + 1", () => {
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("closestValue", () => {
  it("suggests within max(1, ⌊length/4⌋) edits, case-insensitive", () => {
    expect(suggestionBound(3)).toBe(1);
    expect(suggestionBound(13)).toBe(3);
    expect(closestValue("WELL_SPECIFED", INPUT_LABELS)).toBe("WELL_SPECIFIED");
    expect(closestValue("vauge", INPUT_LABELS)).toBe("VAGUE");
    expect(closestValue("Hgh", ["Low", "Medium", "High", "Critical"])).toBe("High");
    expect(closestValue("impossible to solve!", INPUT_LABELS)).toBe("IMPOSSIBLE_TO_SOLVE");
  });
  it("matches ignoring case, underscores, hyphens and spaces, however long", () => {
    expect(closestValue("reasonablyspecified", INPUT_LABELS)).toBe("REASONABLY_SPECIFIED");
    expect(closestValue("Bug-Hit", ["bug_hit", "noise"])).toBe("bug_hit");
  });
  it("suggests nothing far off, empty or not a string", () => {
    expect(closestValue("SORT_OF_CLEAR", INPUT_LABELS)).toBeUndefined();
    expect(closestValue("severe", ["Low", "High"])).toBeUndefined();
    expect(closestValue("", ["a"])).toBeUndefined();
    expect(closestValue(3, ["3"])).toBeUndefined();
  });
  it("prefers the nearest, then the first of equals", () => {
    expect(closestValue("abcdefgh", ["abcdefxx", "abcdefgx", "abcdefgy"])).toBe("abcdefgx");
  });
  it("finds a typo among thousands of ids quickly", () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `django__django-${10000 + i * 3}`);
    const t = performance.now();
    for (let k = 0; k < 20; k++) expect(closestValue("django__django-1000", ids)).toBe("django__django-10000");
    expect(performance.now() - t).toBeLessThan(2000);
  });
});

describe("didYouMean", () => {
  it("reads as a message suffix, or nothing", () => {
    expect(didYouMean("WELL_SPECIFED", INPUT_LABELS)).toBe('; did you mean "WELL_SPECIFIED"?');
    expect(didYouMean("nothing like it", INPUT_LABELS)).toBe("");
  });
});

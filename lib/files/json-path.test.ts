import { describe, expect, it } from "vitest";
import { fieldPath, indexPath, keyPath, rebasePath, segmentsPath } from "./json-path";

describe("JSONPath spellings", () => {
  it("keys: identifiers with a dot, anything else quoted in brackets", () => {
    expect(keyPath("$", "input_bounce")).toBe("$.input_bounce");
    expect(keyPath("$", "astropy__astropy-12907")).toBe('$["astropy__astropy-12907"]');
    expect(keyPath("$", 'a "b"')).toBe('$["a \\"b\\""]');
    expect(indexPath("$", 412)).toBe("$[412]");
    expect(segmentsPath("$[1]", ["trace", "steps", 0])).toBe("$[1].trace.steps[0]");
  });
  it("a kind's field is appended as written; no field is the entry", () => {
    expect(fieldPath("$[412]", "input_bounce")).toBe("$[412].input_bounce");
    expect(fieldPath('$["a-1"]', "comments[0].file")).toBe('$["a-1"].comments[0].file');
    expect(fieldPath("$", "[2].judgment")).toBe("$[2].judgment");
    expect(fieldPath("$", "odd key")).toBe('$["odd key"]');
    expect(fieldPath("$[3]", "")).toBe("$[3]");
    expect(fieldPath("$[3]")).toBe("$[3]");
  });
  it("a path relative to the entry is rebased on the entry's", () => {
    expect(rebasePath('$["x"]', "$[0].judgment")).toBe('$["x"][0].judgment');
    expect(rebasePath("$", "$.comments[0].file")).toBe("$.comments[0].file");
    expect(rebasePath("$[2]", "label")).toBe("$[2].label");
  });
});

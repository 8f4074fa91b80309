import { describe, expect, it } from "vitest";
import { withQuery } from "./href";

describe("withQuery", () => {
  it("drops empty values and page 1, keeps the given order, encodes", () => {
    expect(withQuery("/x", { a: undefined, b: "", c: null, page: 1 })).toBe("/x");
    expect(withQuery("/x", { q: "a b&c", page: 2, min: 0 })).toBe("/x?q=a+b%26c&page=2&min=0");
    expect(withQuery("/x", { z: "1", a: "2" })).toBe("/x?z=1&a=2");
  });
});

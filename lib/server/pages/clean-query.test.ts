import { describe, expect, it } from "vitest";
import { withoutEmptyParams } from "./clean-query";

describe("withoutEmptyParams", () => {
  it("drops the empty fields a GET form sends and keeps the rest in order, repeated names too", () => {
    const kept = withoutEmptyParams({ q: "", team: "", sort: "F_m", cols: ["F_m", "", "R_b"], release: "" });
    expect(kept?.toString()).toBe("sort=F_m&cols=F_m&cols=R_b");
  });
  it("is null when nothing is empty (no redirect), and empty when everything was", () => {
    expect(withoutEmptyParams({ sort: "F_m", dir: "asc", x: undefined })).toBeNull();
    expect(withoutEmptyParams({ q: "", agent: "" })?.toString()).toBe("");
  });
});

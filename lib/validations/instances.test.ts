import { describe, expect, it } from "vitest";
import { parseExplorerQuery, parseInstancePageQuery } from "./instances";

describe("the explorer's and instance page's URL views", () => {
  it("keep what parses and drop the rest, never throw", () => {
    expect(
      parseExplorerQuery({
        page: "1.5",
        sort: "nonsense",
        dir: "up",
        min: "abc",
        max: "25",
        q: "  astropy ",
        repo: ["django/django", "other"],
        label: "",
      }),
    ).toEqual({ max: 25, q: "astropy", repo: "django/django" });
    expect(parseExplorerQuery({ page: "1e300", min: "-1", max: "101" })).toEqual({});
    expect(parseExplorerQuery({ page: "3", sort: "share", dir: "asc", min: "0" })).toEqual({
      page: 3,
      sort: "share",
      dir: "asc",
      min: 0,
    });
    expect(parseInstancePageQuery({ outcome: "maybe", page: "0", team: "lab", release: "1.1" })).toEqual({
      team: "lab",
      release: "1.1",
    });
    expect(parseInstancePageQuery({ outcome: "wrong", page: "2" })).toEqual({ outcome: "wrong", page: 2 });
  });
});

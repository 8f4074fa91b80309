import { describe, expect, it } from "vitest";
import { rankBracket, rankWithBracket } from "./rank-bracket";

describe("the one rank bracket", () => {
  it("prints the simultaneous interval, one rank alone, nothing when unranked", () => {
    expect(rankBracket({ rank: 983, rankIntervalSimultaneous: { lo: 671, hi: 1014 } })).toBe("671–1014");
    expect(rankWithBracket({ rank: 983, rankIntervalSimultaneous: { lo: 671, hi: 1014 } })).toBe("#983 (671–1014)");
    expect(rankWithBracket({ rank: 1, rankIntervalSimultaneous: { lo: 1, hi: 1 } })).toBe("#1 (1)");
    expect(rankWithBracket({ rank: 4, rankIntervalSimultaneous: null })).toBe("#4");
    expect(rankBracket({ rank: null, rankIntervalSimultaneous: { lo: 1, hi: 2 } })).toBeNull();
    expect(rankWithBracket({ rank: null, rankIntervalSimultaneous: null })).toBeNull();
  });
});

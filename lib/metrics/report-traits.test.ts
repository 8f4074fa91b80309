import { describe, expect, it } from "vitest";
import { isCodeIdentifier, reportTraits, summarizeReportTraits } from "./report-traits";

describe("report traits (Abstain-and-Validate Table 3)", () => {
  it("counts words with an inner underscore or a lower-to-upper change as possible code identifiers", () => {
    expect(["max_len", "parseJson", "getHTTP", "MyClass_v2", "a_b"].map(isCodeIdentifier)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    // plain words, a leading or trailing underscore only, all capitals, numbers
    expect(["crash", "Crash", "__init__", "_private", "HTTP", "ID", "2_3", "iOS"].map(isCodeIdentifier)).toEqual([
      false,
      false,
      false, // underscores only at its ends
      false,
      false,
      false,
      false,
      true,
    ]);
  });
  it("reads a report's length, paths, build rules and code ticks", () => {
    const t = reportTraits(
      "Crash in parseJson when max_len is 0",
      "See google3/foo/bar.cc and //foo/bar:baz_test.\n```\nparseJson(x)\n```",
    );
    // parseJson ×2, max_len, baz_test
    expect(t.identifiers).toBe(4);
    expect(t.chars).toBe(36 + 67);
    expect(t).toMatchObject({ repoRoot: true, buildRule: true, codeTicks: true });
    // a URL with a port is no build rule
    expect(reportTraits("t", "see http://localhost:8080/x").buildRule).toBe(false);
    expect(reportTraits("Plain words only", "no paths, no code, not mygoogle3/x")).toEqual({
      identifiers: 0,
      chars: 16 + 34,
      repoRoot: false,
      buildRule: false,
      codeTicks: false,
    });
  });
  it("summarises a group as Table 3's means and shares", () => {
    const s = summarizeReportTraits([reportTraits("a_b", "```x```"), reportTraits("plain", "")]);
    expect(s).toEqual({ bugs: 2, identifiers: 0.5, chars: (3 + 7 + 5) / 2, repoRoot: 0, buildRule: 0, codeTicks: 0.5 });
    expect(summarizeReportTraits([])).toBeNull();
  });
});

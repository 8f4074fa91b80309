import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { hasVisibleCharacter, SignupBody, SubmissionFields } from "@/lib/validations/common";
import { skeleton, visibleName } from "./names";

describe("skeleton (Unicode TS #39, case folded)", () => {
  it.each([
    ["Cyrillic а for Latin a", "Аlpha", "alpha"],
    ["case", "ALPHA", "alpha"],
    ["Cyrillic look-alikes throughout", "раураl", "paypal"],
    ["l for 1", "gpt-4.l", "gpt-4.1"],
    ["capital I for l", "Ilya", "llya"],
    ["i and I", "ilya", "Ilya"],
    ["digit zero for O", "c0de", "code"],
    ["rn for m", "rnodel", "model"],
    ["a zero-width space inside", "g\u200Bpt", "gpt"],
    ["Hangul filler inside", "g\u3164pt", "gpt"],
    ["fullwidth letters", "ｇｐｔ", "gpt"],
    ["precomposed and combining é", "caf\u00E9", "cafe\u0301"],
    ["collapsed spaces", "Team  One", "Team One"],
    ["Greek omicron", "Βοuncer", "Bouncer"],
  ])("%s: %s ~ %s", (_, a, b) => {
    expect(skeleton(a)).toBe(skeleton(b));
  });

  it.each([
    ["alpha", "beta"],
    ["gpt-4.1", "gpt-4.2"],
    ["café", "cafe"],
    ["team-a", "team-b"],
  ])("%s and %s stay apart", (a, b) => {
    expect(skeleton(a)).not.toBe(skeleton(b));
  });
});

describe("visible names", () => {
  it.each([
    ["U+3164 HANGUL FILLER", "\u3164"],
    ["U+3164 ×3 with spaces", " \u3164\u3164 \u3164 "],
    ["zero-width space only", "\u200B"],
    ["zero-width joiners", "\u200D\u200C"],
    ["a combining mark only", "\u0301"],
    ["combining marks only", "\u0301\u0308\u0323"],
    ["Hangul choseong/jungseong fillers", "\u115F\u1160"],
    ["halfwidth Hangul filler", "\uFFA0"],
    ["braille blank", "\u2800"],
    ["Mongolian vowel separator", "\u180E"],
    ["variation selector", "\uFE0F"],
    ["ideographic space", "\u3000"],
    ["no-break spaces", "\u00A0\u202F"],
  ])("%s has nothing visible", (_, s) => {
    expect(hasVisibleCharacter(s)).toBe(false);
    expect(() => visibleName(s)).toThrow(AppError);
    expect(() => visibleName(s)).toThrow(/name must contain a visible character/);
  });

  it.each(["a", "\u3164x", "中文", "é", "e\u0301", "🙂", "-"])("%s is visible", (s) => {
    expect(hasVisibleCharacter(s)).toBe(true);
    expect(visibleName(` ${s} `)).toBe(s.normalize("NFC"));
  });

  it("the form schemas refuse invisible names with the field and why, and store NFC", () => {
    const bad = SignupBody.safeParse({ email: "a@example.org", password: "a long passphrase here", name: "\u3164" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]).toMatchObject({
      path: ["name"],
      message: expect.stringMatching(/name must contain a visible character/),
    });
    const model = SubmissionFields.safeParse({ model: "\u0301\u0308" });
    expect(model.error!.issues[0].message).toMatch(/model must contain a visible character/);
    expect(SubmissionFields.parse({ model: "cafe\u0301" }).model).toBe("caf\u00E9");
  });
});

describe("optional numbers of the upload form", () => {
  it.each([
    [{}, undefined],
    [{ cost_usd: "" }, undefined],
    [{ cost_usd: "  " }, undefined],
    [{ cost_usd: "1.25" }, 1.25],
    [{ cost_usd: "0" }, 0],
    [{ cost_usd: "+2.5e1" }, 25],
    [{ cost_usd: ".5" }, 0.5],
    [{ cost_usd: 3 }, 3],
  ])("%j → cost_usd %s", (fields, cost) => {
    expect(SubmissionFields.parse({ model: "m", ...fields }).cost_usd).toBe(cost);
  });

  it.each([
    [{ cost_usd: "abc" }, /cost_usd must be a number, got 'abc'/],
    [{ cost_usd: "Infinity" }, /cost_usd must be a number/],
    [{ cost_usd: "-1" }, /cost_usd must be at least 0/],
    [{ tokens: "1.5" }, /tokens must be a whole number/],
    [{ runtime_sec: "fast" }, /runtime_sec must be a number, got 'fast'/],
    // decimal notation only: Number() reads these as 16, 3, 7 and 255
    [{ cost_usd: "0x10" }, /cost_usd must be a number, got '0x10' \(decimal notation/],
    [{ tokens: "0b11" }, /tokens must be a number, got '0b11'/],
    [{ runtime_sec: "0o7" }, /runtime_sec must be a number, got '0o7'/],
    [{ cost_usd: "1_000" }, /cost_usd must be a number/],
    [{ tokens: "1e19" }, /tokens must be at most 9007199254740991/],
  ])("%j is refused", (fields, message) => {
    const r = SubmissionFields.safeParse({ model: "m", ...fields });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toMatch(message);
  });
});

describe("names hold no invisible, format or private characters (issue 30)", () => {
  it.each([
    ["an interlinear annotation anchor", "\uFFF9x", "FFF9", 1],
    ["a zero-width space", "gpt\u200B-4", "200B", 4],
    ["a word joiner", "gpt\u2060-4", "2060", 4],
    ["a soft hyphen", "gp\u00ADt", "00AD", 3],
    ["a tag character", "gpt\u{E0041}", "E0041", 4],
    ["a private-use character", "x\uE000", "E000", 2],
    ["an unassigned code point", "x\u{50000}", "50000", 2],
    ["a joiner at the edge of a word", "\u200Dgpt", "200D", 1],
    ["a right-to-left override", "evil\u202Egnp.exe", "202E", 5],
  ])("%s is refused, with the code point and its position", (_, name, code, at) => {
    const r = SubmissionFields.safeParse({ model: name });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toContain(`(U+${code}) at position ${at}`);
  });
  it.each([
    ["Persian with a zero-width non-joiner", "می\u200Cخواهم"],
    ["an emoji sequence with a zero-width joiner", "\u{1F469}\u200D\u{1F4BB} agent"],
    ["a plain name", "gpt-4.1 (2025-04-14)"],
  ])("%s is a name", (_, name) => {
    expect(SubmissionFields.parse({ model: name }).model).toBe(name.normalize("NFC"));
  });
  it("a name taken from elsewhere (a GitHub profile) loses them instead of failing sign-in", () => {
    expect(visibleName("\u202Eevil\uFFF9 name\u200B")).toBe("evil name");
    expect(() => visibleName("\u200B\uFFF9")).toThrow(/visible character/);
  });
});

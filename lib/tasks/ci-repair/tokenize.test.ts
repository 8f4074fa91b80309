import { describe, expect, it } from "vitest";
import { applyPatch, PatchError } from "./apply-patch";
import { lexerFor, tokenize } from "./tokenize";

describe("java lexer", () => {
  it("drops comments and whitespace, keeps literals whole", () => {
    const src = `/** doc */ public class A { // x\n  String s = "a // not a comment"; char c = '\\''; long n = 1_000L; double d = .5e-3;\n  int x = a >>>= 2; }`;
    expect(tokenize(src, "java")).toEqual([
      "public",
      "class",
      "A",
      "{",
      "String",
      "s",
      "=",
      '"a // not a comment"',
      ";",
      "char",
      "c",
      "=",
      "'\\''",
      ";",
      "long",
      "n",
      "=",
      "1_000L",
      ";",
      "double",
      "d",
      "=",
      ".5e-3",
      ";",
      "int",
      "x",
      "=",
      "a",
      ">>>=",
      "2",
      ";",
      "}",
    ]);
  });
  it("text blocks and lambdas", () => {
    expect(tokenize('var t = """\n  hi\n  """; f(x -> x::y);', "java")).toEqual([
      "var",
      "t",
      "=",
      '"""\n  hi\n  """',
      ";",
      "f",
      "(",
      "x",
      "->",
      "x",
      "::",
      "y",
      ")",
      ";",
    ]);
  });
  it("reformatting does not change the stream; renaming does", () => {
    const a = tokenize("if (x) {\n  return y;\n}", "java");
    expect(tokenize("if(x){return y;}   /* same */", "java")).toEqual(a);
    expect(tokenize("if (x) { return z; }", "java")).not.toEqual(a);
  });
  it("throws on an unterminated string", () =>
    expect(() => tokenize('String s = "abc;\n', "java")).toThrow(/unterminated/));
});

describe("python lexer", () => {
  it("emits INDENT/DEDENT/NEWLINE and ignores comments, blank lines and bracket newlines", () => {
    const src = 'def f(a,\n      b):  # comment\n\n    return r\'x\\y\' + """doc\n"""\nx = 1\n';
    expect(tokenize(src, "python")).toEqual([
      "def",
      "f",
      "(",
      "a",
      ",",
      "b",
      ")",
      ":",
      "<NEWLINE>",
      "<INDENT>",
      "return",
      "r'x\\y'",
      "+",
      '"""doc\n"""',
      "<NEWLINE>",
      "<DEDENT>",
      "x",
      "=",
      "1",
      "<NEWLINE>",
    ]);
  });
  it("indentation is syntax: moving a statement out of a block changes the stream", () => {
    expect(tokenize("if a:\n    b()\n    c()\n", "python")).not.toEqual(tokenize("if a:\n    b()\nc()\n", "python"));
    expect(tokenize("if a:\n  b()\n", "python")).toEqual(tokenize("if a:\n        b()  # same\n", "python"));
  });
  it("rejects inconsistent dedent", () => expect(() => tokenize("if a:\n    b\n  c\n", "python")).toThrow(/unindent/));
});

describe("lexerFor", () => {
  it("uses the language, then the extension", () => {
    expect(lexerFor("Java", "x.txt")).toBe("java");
    expect(lexerFor("Python", "a.py")).toBe("python");
    expect(lexerFor(undefined, "src/a.py")).toBe("python");
    expect(lexerFor("Go", "main.go")).toBe("c-like");
  });
});

describe("applyPatch", () => {
  const files = { "src/A.java": "class A {\n  int f() {\n    return 1;\n  }\n}\n" };
  const patch =
    "diff --git a/src/A.java b/src/A.java\n--- a/src/A.java\n+++ b/src/A.java\n@@ -2,3 +2,3 @@ class A {\n   int f() {\n-    return 1;\n+    return 2;\n   }\n";
  it("applies a hunk", () => {
    const r = applyPatch(files, patch);
    expect(r.files["src/A.java"]).toBe("class A {\n  int f() {\n    return 2;\n  }\n}\n");
    expect(r.touched).toEqual(["src/A.java"]);
  });
  it("finds a hunk at another offset", () => {
    const shifted = { "src/A.java": "// header\n// more\n" + files["src/A.java"] };
    expect(applyPatch(shifted, patch).files["src/A.java"]).toContain("return 2;");
  });
  it("reports a hunk that does not apply", () => {
    expect(() => applyPatch({ "src/A.java": "class B {}\n" }, patch)).toThrow(PatchError);
  });
  it("assumes hunks on files it does not carry apply", () => {
    const r = applyPatch({}, patch);
    expect(r.unknown).toEqual(["src/A.java"]);
  });
  it("creates new files", () => {
    const r = applyPatch({}, "--- /dev/null\n+++ b/N.java\n@@ -0,0 +1,2 @@\n+class N {\n+}\n");
    expect(r.files["N.java"]).toBe("class N {\n}\n");
  });
  it("rejects an empty patch", () => expect(() => applyPatch(files, "")).toThrow(/no hunks/));
});

describe("unified diffs through jsdiff", () => {
  it("creates, changes, renames and deletes files; keeps a missing final newline", async () => {
    const { applyPatch: apply } = await import("./apply-patch");
    const files = { "a.txt": "one\ntwo\nthree\n", "b.txt": "keep", "gone.txt": "bye\n" };
    const patch = [
      "--- a/a.txt\n+++ b/a.txt\n@@ -2,1 +2,1 @@\n-two\n+TWO\n",
      "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n",
      "--- a/b.txt\n+++ b/b.txt\n@@ -1 +1 @@\n-keep\n\\ No newline at end of file\n+kept\n\\ No newline at end of file\n",
      "--- a/gone.txt\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-bye\n",
    ].join("");
    const r = apply(files, patch);
    expect(r.files["a.txt"]).toBe("one\nTWO\nthree\n");
    expect(r.files["new.txt"]).toBe("hello\nworld\n");
    expect(r.files["b.txt"]).toBe("kept");
    expect(r.files["gone.txt"]).toBeNull();
    expect(r.touched).toEqual(["a.txt", "b.txt", "gone.txt", "new.txt"]);
  });
  it("names the hunk that does not apply, and refuses malformed patches", async () => {
    const { applyPatch: apply, PatchError: PE } = await import("./apply-patch");
    const files = { "a.txt": "1\n2\n3\n4\n5\n6\n7\n8\n9\n" };
    const two = "--- a/a.txt\n+++ b/a.txt\n@@ -1,1 +1,1 @@\n-1\n+one\n@@ -8,1 +8,1 @@\n-eight\n+8!\n";
    expect(() => apply(files, two)).toThrow(/hunk 2 \(@@ -8,1\) does not apply to a\.txt/);
    expect(() => apply(files, "--- a/a.txt\n+++ b/a.txt\n@@ nonsense @@\n 1\n")).toThrow(PE);
    expect(() => apply(files, "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n?1\n")).toThrow(PE);
    expect(() => apply(files, "just words")).toThrow(/no hunks/);
  });
});

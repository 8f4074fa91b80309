// The cycle check that `npm run lint` runs: it finds cycles through every kind of import — value,
// type-only and dynamic (aliases and re-exports included) — and the tree has none.
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without declarations
import { buildGraph, cycles, importsOf, moduleImports } from "../../scripts/check-cycles.mjs";

describe("scripts/check-cycles.mjs", () => {
  it("reads every import: values, type-only ones and dynamic ones, each with its kind", () => {
    const text = [
      'import a from "./a";',
      'import type { B } from "./b";',
      'import { type C } from "./c";',
      'import { type D, d } from "./d";',
      'export { e } from "./e";',
      'export type { F } from "./f";',
      'export * from "./g";',
      "const h = () => import('./h');",
      "async function i() { return (await import(`./i`)).default; }",
      'let j: typeof import("./j");',
      "const k = (name: string) => import(name);",
    ].join("\n");
    expect(importsOf(text, "x.ts")).toEqual([
      { spec: "./a", kind: "value" },
      { spec: "./b", kind: "type" },
      { spec: "./c", kind: "type" },
      { spec: "./d", kind: "value" },
      { spec: "./e", kind: "value" },
      { spec: "./f", kind: "type" },
      { spec: "./g", kind: "value" },
      { spec: "./h", kind: "dynamic" },
      { spec: "./i", kind: "dynamic" },
      { spec: "./j", kind: "type" },
    ]);
    expect(moduleImports(text, "x.ts")).toEqual(["./a", "./b", "./c", "./d", "./e", "./f", "./g", "./h", "./i", "./j"]);
  });

  it("finds every strongly connected component, self-imports included", () => {
    const graph = new Map<string, string[]>([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
      ["f", ["d"]],
    ]);
    const found = (cycles(graph) as string[][]).map((c) => c.slice().sort());
    expect(found).toHaveLength(2);
    expect(found).toContainEqual(["a", "b", "c"]);
    expect(found).toContainEqual(["e"]);
  });

  it("the project has no import cycles, and the graph does see the @/ alias", () => {
    const graph = buildGraph() as Map<string, string[]>;
    const edges = [...graph.values()].flat();
    expect(graph.size).toBeGreaterThan(200);
    expect(edges.some((f) => f.endsWith("/lib/server/http/index.ts"))).toBe(true);
    expect(cycles(graph)).toEqual([]);
  });
});

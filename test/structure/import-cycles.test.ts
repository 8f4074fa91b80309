// The cycle check that `npm run lint` runs: it finds cycles through value imports (aliases and
// re-exports included), ignores type-only ones, and the tree has none.
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM script without declarations
import { buildGraph, cycles, valueImports } from "../../scripts/check-cycles.mjs";

describe("scripts/check-cycles.mjs", () => {
  it("reads value imports and re-exports, not type-only ones", () => {
    const text = [
      'import a from "./a";',
      'import type { B } from "./b";',
      'import { type C } from "./c";',
      'import { type D, d } from "./d";',
      'export { e } from "./e";',
      'export type { F } from "./f";',
      'export * from "./g";',
      'const h = () => import("./h");',
    ].join("\n");
    expect(valueImports(text, "x.ts")).toEqual(["./a", "./d", "./e", "./g"]);
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

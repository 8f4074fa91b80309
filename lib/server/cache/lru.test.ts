import { describe, expect, it } from "vitest";
import { Lru } from "./lru";

describe("Lru", () => {
  it("evicts the least recently used past its entry bound", () => {
    const l = new Lru<number>(2);
    l.set("a", 1);
    l.set("b", 2);
    l.get("a");
    l.set("c", 3);
    expect([l.get("a"), l.get("b"), l.get("c")]).toEqual([1, undefined, 3]);
  });
  it("keeps its total weight under the bound, re-weighing entries once their size is known", () => {
    const l = new Lru<string>(100, 10);
    l.set("a", "x", 4);
    l.set("b", "y", 4);
    l.set("c", "z");
    l.weigh("c", 5); // 13 > 10: the oldest goes
    expect([l.get("a"), l.get("b"), l.get("c")]).toEqual([undefined, "y", "z"]);
    expect(l.weight).toBe(9);
    l.set("b", "y2", 1); // replacing an entry replaces its weight
    expect(l.weight).toBe(6);
  });
});

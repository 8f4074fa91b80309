import { describe, expect, it } from "vitest";
import { parsePredictionFile } from "./parse-prediction-file";
import { parseReleaseFile } from "./parse-release-file";

describe("entries carry their JSONPath", () => {
  it("an object keyed by id, an array, JSONL", () => {
    const keyed = parsePredictionFile('{"a-1": {"input_bounce": true}, "b": {}}');
    expect(keyed.entries.map((e) => [e.path, e.idPath])).toEqual([
      ['$["a-1"]', '$["a-1"]'],
      ["$.b", "$.b"],
    ]);
    const rows = parsePredictionFile('[{"instance_id": "a"}, {"instance_id": ""}, 3]');
    expect(rows.entries.map((e) => [e.row, e.path, e.idPath])).toEqual([[1, "$[0]", "$[0].instance_id"]]);
    expect(rows.problems.map((p) => [p.row, p.path])).toEqual([
      [2, "$[1].instance_id"],
      [3, "$[2]"],
    ]);
    const jsonl = parsePredictionFile('{"instance_id": "a"}\n{"instance_id": "b"}\n', "p.jsonl");
    expect(jsonl.entries.map((e) => [e.line, e.path])).toEqual([
      [1, "$"],
      [2, "$"],
    ]);
  });
  it("release records: $[i] in a JSON array, $ of its line in JSONL, none in CSV", () => {
    expect(parseReleaseFile('[{"instance_id": "a"}, 1]', "r.json")).toMatchObject({
      rows: [{ n: 1, path: "$[0]" }],
      problems: [{ row: 2, path: "$[1]" }],
    });
    expect(parseReleaseFile('\n{"instance_id": "a"}', "r.jsonl").rows).toEqual([
      { row: { instance_id: "a" }, n: 1, line: 2, path: "$" },
    ]);
    expect(parseReleaseFile("instance_id\na\n", "r.csv").rows).toEqual([{ row: { instance_id: "a" }, n: 1 }]);
  });
});

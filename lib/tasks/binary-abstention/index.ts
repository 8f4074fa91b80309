import type { TaskKindModule, TaskOptions } from "@/lib/tasks/types";
import { bouncingColumns } from "./columns";
import type { Side } from "./labels";
import { parseBouncePrediction, parseBounceReleaseRow } from "./schemas";
import { scoreBinaryAbstention } from "./score-binary-abstention";

const sideOf = (o: TaskOptions): Side => o.side ?? "input";

/** BouncerBench Input and Output: a bouncer accepts or bounces each instance (METRICS.md §1). */
export const binaryAbstention: TaskKindModule = {
  kind: "binary_abstention",
  title: "Binary abstention",
  columns: (o) => bouncingColumns(sideOf(o)),
  primaryMetric: () => "F_m",
  parseReleaseRow: (row, o) => parseBounceReleaseRow(row, sideOf(o)),
  parsePrediction: (id, value, o) => parseBouncePrediction(id, value, sideOf(o)),
  score: (pairs, o) => scoreBinaryAbstention(pairs, sideOf(o)),
  outcome(truth, prediction) {
    const should = Boolean(truth.bounce);
    const did = Boolean(prediction.bounce);
    const outcome = should === did ? (did ? "correctly_bounced" : "correctly_accepted") : did ? "wrongly_bounced" : "wrongly_accepted";
    return { correct: should === did, outcome, predicted: did ? "bounce" : "accept", expected: should ? "bounce" : "accept" };
  },
  outcomeFilters: [
    { key: "wrong", label: "All wrong" },
    { key: "wrongly_bounced", label: "Wrongly bounced" },
    { key: "wrongly_accepted", label: "Wrongly accepted" },
    { key: "correct", label: "Correct" },
  ],
};

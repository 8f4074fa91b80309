// The changelog read as runs (issue 49): consecutive events of one kind on one UTC day. A run of
// RUN_MIN or more reads as one line with a count ("1,013 new entries on 2026-12-05"), opened to
// read each; shorter runs stay as they are. Pure.

/** A run this long or longer is folded into a count. */
export const RUN_MIN = 3;

/** Events in order, cut into runs of one kind on one UTC day (`at`: ISO 8601). */
export function runsOf<E extends { kind: string; at: string }>(events: E[]): E[][] {
  const runs: E[][] = [];
  for (const e of events) {
    const last = runs[runs.length - 1];
    if (last && last[0].kind === e.kind && last[0].at.slice(0, 10) === e.at.slice(0, 10)) last.push(e);
    else runs.push([e]);
  }
  return runs;
}

const PLURAL: Record<string, string> = {
  "new entry": "new entries",
  release: "releases",
  "re-score": "re-scores",
  verified: "verified",
  hidden: "hidden",
  withdrawn: "withdrawn",
  removed: "removed",
  cleared: "cleared",
};

/** "3 new entries", "1 release", "4 held for review": a count with its label in the right number. */
export function countLabel(label: string, n: number): string {
  const word = n === 1 ? label : (PLURAL[label] ?? label);
  return `${n.toLocaleString("en-US")} ${word}`;
}

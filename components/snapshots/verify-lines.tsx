// The verifier's lines: the files and other checks in full; the rows with the ✗ first (a few open,
// the rest folded) and the ✓ folded under a count.

export interface Line {
  text: string;
  kind: "manifest" | "file" | "row" | "check" | "signature";
}

const OPEN_FAILURES = 5;

function List({ lines, testId }: { lines: Line[]; testId?: string }) {
  return (
    <ul className="space-y-0.5 font-mono text-xs" data-testid={testId}>
      {lines.map((l, i) => (
        <li key={i} className={l.text.startsWith("✗") ? "text-rose-700 dark:text-rose-400" : undefined}>
          {l.text}
        </li>
      ))}
    </ul>
  );
}

export function VerifyLines({ lines }: { lines: Line[] }) {
  if (!lines.length) return null;
  const rows = lines.filter((l) => l.kind === "row");
  const checks = lines.filter((l) => l.kind !== "row");
  const bad = rows.filter((l) => l.text.startsWith("✗"));
  const good = rows.filter((l) => !l.text.startsWith("✗"));
  return (
    <div className="space-y-2">
      <List lines={checks} testId="verify-checks" />
      {bad.length ? <List lines={bad.slice(0, OPEN_FAILURES)} testId="verify-failed-rows" /> : null}
      {bad.length > OPEN_FAILURES ? (
        <details>
          <summary className="cursor-pointer text-sm">{bad.length - OPEN_FAILURES} more rows that differ</summary>
          <List lines={bad.slice(OPEN_FAILURES)} />
        </details>
      ) : null}
      {good.length ? (
        <details>
          <summary className="cursor-pointer text-sm" data-testid="verify-good-rows">
            {good.length} rows recomputed equal ✓
          </summary>
          <List lines={good} />
        </details>
      ) : null}
    </div>
  );
}

import type { Problem } from "@/lib/errors";

/** The problems of a rejected upload or import: instance, field, where, what, expected. */
export function ProblemTable({ problems, total }: { problems: Problem[]; total: number }) {
  if (!problems.length) return null;
  return (
    <>
      <table className="mt-2 w-full text-left text-xs">
        <thead>
          <tr>
            <th className="py-1">instance</th>
            <th className="py-1">field</th>
            <th className="py-1">where</th>
            <th className="py-1">problem</th>
            <th className="py-1">expected</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={i} className="border-t border-rose-200 dark:border-rose-900">
              <td className="py-1 font-mono">{p.instanceId ?? "—"}</td>
              <td className="py-1 font-mono">{p.field ?? "—"}</td>
              <td className="py-1">{p.line ? `line ${p.line}` : p.row ? `row ${p.row}` : "—"}</td>
              <td className="py-1">{p.message}</td>
              <td className="py-1">{p.expected ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > problems.length ? <p className="mt-1">…and {total - problems.length} more.</p> : null}
    </>
  );
}

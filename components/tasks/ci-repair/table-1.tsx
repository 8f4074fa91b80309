import Link from "next/link";
import { Card } from "@/components/ui/card";
import { fixed } from "@/lib/format";
import { TABLE1_COUNTS, type CiTable1 } from "@/lib/tasks/ci-repair/table-1";

const count = (v: number | null) => (v === null ? "—" : String(v));
// the paper's means have one decimal (25.3%, 28.3%, 11.3% of 100 artifacts)
const mean = (v: number | null) => (v === null ? "—" : fixed(v, 1));
const th = "whitespace-nowrap px-2 py-1 font-semibold";
const td = "px-2 py-1 text-right tabular-nums";
const groupEdge = "border-l border-slate-200 dark:border-slate-800";

/**
 * CI-Bench's Table 1 from the board: foundation models as rows, one group of columns per tool with
 * #PG, #PL, #SYE, #CO (the paper's layout), and a last row of per-tool means over the tool's models.
 * A tool × model with several runs shows its run with the most #CO (its #CO links to it).
 */
export function CiTable1({ table }: { table: CiTable1 }) {
  const of = table.artifacts === null ? "" : ` for ${table.artifacts} artifacts`;
  return (
    <Card title="Results per tool and model (paper Table 1)" className="lg:col-span-2">
      <table className="dt min-w-full text-sm" data-testid="ci-table-1">
        <caption className="mb-2 text-left text-xs text-muted">
          Results{of} (#PG: patches generated, #PL: plausible, #SYE: syntactically equivalent, #CO: correct).
        </caption>
        <Table1Head tools={table.tools} />
        <tbody>
          {table.models.map((m) => (
            <ModelRow key={m} model={m} table={table} />
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 dark:border-slate-700">
          <MeansRow means={table.means} />
        </tfoot>
      </table>
      <p className="mt-2 text-xs text-muted">
        Tool = a run&apos;s <code>agent</code>, model = its <code>base_model</code> (system metadata). #PG and the token
        equivalence in #SYE are checked by the server; #PL and #CO are the submitters&apos; reports, and #SYE counts the
        equivalent patches among those reported plausible, as the paper does. Means are over each tool&apos;s models.
        {table.unstated
          ? ` ${table.unstated} complete run${table.unstated === 1 ? "" : "s"} without a tool or model ${table.unstated === 1 ? "is" : "are"} not shown.`
          : ""}
      </p>
    </Card>
  );
}

/** A group of columns per tool, with the four counts under each. */
function Table1Head({ tools }: { tools: CiTable1["tools"] }) {
  return (
    <thead className="bg-slate-50 dark:bg-slate-900">
      <tr>
        <th scope="col" rowSpan={2} className={`${th} text-left`}>
          Model
        </th>
        {tools.map((t) => (
          <th key={t} scope="colgroup" colSpan={TABLE1_COUNTS.length} className={`${th} ${groupEdge} text-center`}>
            {t}
          </th>
        ))}
      </tr>
      <tr>
        {tools.flatMap((t) =>
          TABLE1_COUNTS.map((c, k) => (
            <th key={`${t}:${c.key}`} scope="col" className={`${th} text-right ${k === 0 ? groupEdge : ""}`}>
              {c.header}
            </th>
          )),
        )}
      </tr>
    </thead>
  );
}

/** A model's counts under each tool (its #CO links to the run shown). */
function ModelRow({ model: m, table }: { model: string; table: CiTable1 }) {
  const cell = (tool: string, model: string) => table.cells.find((c) => c.tool === tool && c.baseModel === model);
  return (
    <tr data-model={m}>
      <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">
        {m}
      </th>
      {table.tools.flatMap((t) => {
        const c = cell(t, m);
        return TABLE1_COUNTS.map((k, i) => (
          <td
            key={`${t}:${k.key}`}
            className={`${td} ${i === 0 ? groupEdge : ""}`}
            data-tool={t}
            data-count={k.key}
            title={
              c ? `${c.name}${c.team ? ` (${c.team})` : ""}${c.runs > 1 ? `, best of ${c.runs} runs` : ""}` : undefined
            }
          >
            {c && k.key === "CO" && c.CO !== null ? (
              <Link href={`/submissions/${c.submissionId}`}>{c.CO}</Link>
            ) : (
              count(c ? c[k.key] : null)
            )}
          </td>
        ));
      })}
    </tr>
  );
}

/** The last row: each tool's means over its models. */
function MeansRow({ means }: { means: CiTable1["means"] }) {
  return (
    <tr data-model="mean">
      <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-semibold">
        Mean of the tool
      </th>
      {means.flatMap((m) =>
        TABLE1_COUNTS.map((k, i) => (
          <td
            key={`${m.tool}:${k.key}`}
            className={`${td} font-semibold ${i === 0 ? groupEdge : ""}`}
            data-tool={m.tool}
            data-count={k.key}
            title={`mean over ${m.models} model${m.models === 1 ? "" : "s"}`}
          >
            {mean(m[k.key])}
          </td>
        )),
      )}
    </tr>
  );
}

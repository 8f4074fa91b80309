import { fixed } from "@/lib/format";
import { InView } from "./in-view";

/**
 * What a chart's drawing shows until it has loaded: Recharts comes with the drawing, when the
 * chart nears the screen (`dynamic(() => import("./x-drawing"), { ssr: false, loading: DrawingLoading })`),
 * not with the page's hydration; the light page's script looks for the mark.
 */
export const DrawingLoading = () => <div data-chart-loading="" />;
/**
 * The box of a chart drawn in the browser, until it is drawn: without JavaScript it never is, so
 * the box says where the same numbers are instead of standing blank.
 */
function NotYetDrawn({ table }: { table: boolean }) {
  return (
    <p
      className="flex h-full items-center justify-center rounded border border-dashed border-slate-200 p-4 text-center text-xs text-muted dark:border-slate-800"
      data-chart-waiting=""
    >
      {table
        ? "The chart is drawn in the browser with JavaScript. Its numbers are in the table below (“Table of the numbers”)."
        : "The chart is drawn in the browser with JavaScript."}
    </p>
  );
}

/**
 * A chart's text alternative: the drawing is one image with a description (its accessible name),
 * and the same numbers are a table one click away ("Table of the numbers") — for screen readers,
 * keyboard users, print and anyone who would rather read than look.
 */
export function ChartFigure({
  description,
  columns,
  rows,
  testId,
  height,
  className,
  eager = false,
  grow = false,
  note,
  children,
}: {
  description: string;
  columns: string[];
  rows: (string | number | null)[][];
  testId?: string;
  height: number;
  className?: string;
  /** drawn with the page (a static drawing), not when it nears the screen */
  eager?: boolean;
  /** at least `height` tall, taller when its content is (a static drawing whose legend wraps) */
  grow?: boolean;
  /** a visible line under the drawing: what a reader must know to read it ("axis starts at 0.45, not 0") */
  note?: React.ReactNode;
  children: React.ReactNode;
}) {
  const cell = (v: string | number | null) =>
    v === null ? "—" : typeof v === "number" ? (Number.isInteger(v) ? String(v) : fixed(v, 3)) : v;
  return (
    <figure className="min-w-0">
      <div
        role="img"
        aria-label={description}
        data-testid={testId}
        style={grow ? { width: "100%", minHeight: height } : { width: "100%", height }}
        className={className}
      >
        {eager ? children : <InView waiting={<NotYetDrawn table={rows.length > 0} />}>{children}</InView>}
      </div>
      {note ? (
        <p className="mt-1 text-xs text-muted" data-chart-note="">
          {note}
        </p>
      ) : null}
      <figcaption className="sr-only">{description}</figcaption>
      {rows.length ? (
        <details className="mt-1 text-xs print:hidden">
          <summary className="cursor-pointer text-muted">Table of the numbers</summary>
          {/* sideways only: opened, the table is as long as it is (no scroll box inside the page) */}
          <div className="overflow-x-auto">
            <table className="mt-1 min-w-full tabular-nums">
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c} scope="col" className="px-2 py-0.5 text-left font-semibold">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} className="border-t border-slate-100 dark:border-slate-800">
                    {r.map((v, j) => (
                      <td key={j} className="px-2 py-0.5">
                        {cell(v)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}

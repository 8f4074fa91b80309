// The views every kind gets unless it brings its own (components/tasks/<kind>): they know no
// kind's fields, only the shape of stored JSON.

/** Where a prediction's whole stored form can be read (the API), for views that clip it (here, below define.tsx, which uses these views). */
export interface PredictionLink {
  /** the trace viewer of this prediction (/submissions/{id}/predictions/{instance}) */
  href: string;
}

export const pre = "max-h-96 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs dark:bg-slate-900";

const CLIP = 280;

/** An instance's long text fields, each under its name (short ones are in the page's key-value list). */
export function GenericInstanceView({ metadata }: { metadata: unknown }) {
  if (!metadata || typeof metadata !== "object") return null;
  const long = Object.entries(metadata as Record<string, unknown>).filter(
    ([, v]) => typeof v === "string" && v.length >= 80,
  ) as [string, string][];
  return (
    <>
      {long.map(([k, v]) => (
        <div key={k}>
          <p className="mt-2 text-xs text-muted">{k}</p>
          <pre className={pre}>{v}</pre>
        </div>
      ))}
    </>
  );
}

/** A prediction's explanation: its trace clipped, with a link to the trace viewer (which shows any trace, structured ones too). */
export function GenericPredictionView({
  prediction,
  whole,
}: {
  prediction: unknown;
  truth: unknown;
  whole: PredictionLink;
}) {
  const trace = prediction && typeof prediction === "object" ? (prediction as { trace?: unknown }).trace : undefined;
  if (typeof trace === "string") {
    return trace.length > CLIP ? (
      <>
        {trace.slice(0, CLIP)}… <a href={whole.href}>read the whole trace</a>
      </>
    ) : (
      <>{trace}</>
    );
  }
  return trace ? <a href={whole.href}>read the trace</a> : null;
}

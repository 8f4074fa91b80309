import type { Instance, Pair } from "./types";
import type { z } from "zod";
import type { ExplorerItem, PrCurve } from "@/lib/metrics";
import type { Distribution } from "./shared/distributions";
import type { LengthBucket } from "./shared/length-bucket";
import type {
  InstanceOutcome,
  BoardSubset,
  MetricColumn,
  Metrics,
  ParseResult,
  PredictionTemplate,
  ReleaseStatistics,
  TaskOptions,
} from "./types";
import type { SyntheticTask } from "@/lib/synthetic/task";

/**
 * A task kind, typed. Each folder of lib/tasks defines one with `defineTaskKind`: zod schemas
 * for what it stores (truth, public metadata, prediction, score details) and functions that
 * work on those types. The server only ever sees the erased `TaskKindModule` that
 * `defineTaskKind` returns: every stored value it hands the kind is parsed with the kind's
 * schema first (on read), and every value the kind returns for storage is checked against the
 * schema before it is written (on write). A renamed key in a scorer fails loudly, never as zeros.
 */

// Instance and Pair live in ./types (the lower module); kinds import them from here too
export type { Instance, Pair } from "./types";

export interface KindSchemas<T, P, D, M> {
  /** stored truth of an instance (never leaves the server on a hidden release) */
  truth: z.ZodType<T>;
  /** public metadata of an instance */
  metadata: z.ZodType<M>;
  /** a prediction in its stored (canonical) form */
  prediction: z.ZodType<P>;
  /** the details a score stores for charts and tables */
  details: z.ZodType<D>;
  /** a task's options in the catalog (e.g. BouncerBench's side); none when the kind takes none */
  options?: z.ZodType<Record<string, unknown>>;
}

/** One submission as a task's charts see it: board values and its stored score details. */
export interface ChartSeries<D = unknown> {
  id: string;
  name: string;
  baseline: boolean;
  primary: number | null;
  ci: { low: number; high: number } | null;
  metrics: Metrics;
  /** null on a hidden release (nothing built from instances is shown) */
  details: D | null;
}

export interface LengthSeries {
  id: string;
  name: string;
  buckets: LengthBucket[];
  covered: number;
}

/** What a kind's task-page chart builder gets from the server (no database access, no I/O). */
export interface TaskChartContext<D = unknown> {
  /** the board's first rows, baselines included */
  series: ChartSeries<D>[];
  /** the submissions drawn as overlaid series (no baselines, at most 8) */
  overlay: ChartSeries<D>[];
  /** a hidden release: no details, no curves */
  hidden: boolean;
  /** length buckets of the overlaid series, or null (the release has no lengths) */
  lengths: LengthSeries[] | null;
  options: TaskOptions;
  /** thins a PR curve to the points a chart draws */
  thin: (c: PrCurve) => PrCurve;
  /**
   * every public run of the release in board order (baselines and partial ones flagged), with its
   * system metadata: a paper's tool × model table (CI-Bench's Table 1) needs all of them
   */
  systems?: BoardSystem[];
}

/** A board row as a paper table reads it (no details, no predictions). */
export interface BoardSystem {
  submissionId: string;
  /** the run's display name */
  model: string;
  team: string | null;
  meta: { agent?: string | null; base_model?: string | null };
  metrics: Metrics;
  baseline: string | null;
  partial: boolean;
}

/** What a kind's submission-page chart builder gets: the score's details and a loader of its pairs. */
export interface SubmissionChartContext<T = unknown, P = unknown, D = unknown, M = unknown> {
  /** null on a hidden release */
  details: D | null;
  hidden: boolean;
  options: TaskOptions;
  lengths: LengthSeries[] | null;
  /** the submission's predictions with their instances (server-side only) */
  pairs: () => Promise<Pair<T, P, M>[]>;
}

/** An instance's facets in the explorer (each a short, public-or-truth word; absent when unknown). */
export interface InstanceFacets {
  label?: string;
  length?: string;
  /** why the truth is what it is, e.g. which tests an incorrect patch fails (never on a hidden release) */
  failure?: string;
}

/** A task kind as its folder writes it. */
/**
 * A kind whose predictions carry an LLM judge's verdicts (issue 20, judge provenance): uploads must
 * name the judge (`judge_model`, `judge_prompt`); runs judged as the paper did are marked.
 */
/** A slice's headline metric (TaskKindDef.sliceHeadline): the mean of `values`, one per instance. */
export interface SliceHeadline {
  key: string;
  label: string;
  values: number[];
}

export interface JudgeSpec {
  /** what the judge decides, in a few words (errors and the upload form) */
  decides: string;
  /** the paper's judge setups: a model pattern and the prompt names that count as it */
  paper: { label: string; model: RegExp; prompts: string[] }[];
}

/**
 * A judge the server runs itself (issue 34; CR-Bench's CR-Evaluator): a versioned prompt template
 * filled per item of a prediction (a review comment), and the answer read back into a verdict.
 * Pure; lib/server/judging calls the judge, caches verdicts and scores once every item has one.
 */
export interface ServerJudgeDef<T, P> {
  /** the template's version as rows name it ("cr-evaluator@v1") */
  version: string;
  /** the template itself: its SHA-256 is recorded with every verdict */
  template: string;
  /** what one prompt judges, plural ("comments": "judging 412 / 960 comments") */
  unit: string;
  /** the verdict an answer that never gives one (after the retries) counts as */
  malformedAs: string;
  /** whether the prediction carries every verdict itself (a team-judged upload) */
  judged(prediction: P): boolean;
  /**
   * how many of the prediction's items carry no verdict: the server's judge gives them one, but
   * scored offline (`cli score`) each counts as `malformedAs` — the CLI warns with the count
   */
  unjudged?(prediction: P): number;
  /** the filled prompts a prediction needs, one per item, in order (truth: the judge sees it, nobody else) */
  prompts(truth: T, prediction: P): string[];
  /**
   * The host's screen, run before judging (issue 47): per item, the rules it broke by addressing the
   * judge (instructions, class names, role tags; empty: none), and the prediction with that text
   * taken out of each item — what the prompts are filled from. An item with nothing left to judge
   * (`left` false) is never asked: it counts as `flaggedAs`. Absent: items go to the judge as written.
   */
  screen?(prediction: P): { prediction: P; rules: string[][]; left: boolean[] };
  /** the verdict of an item the screen left nothing of (CR-Bench: noise) */
  flaggedAs?: string;
  /**
   * the prediction with the server's verdicts in place (one per prompt, in order); `flagged`: the
   * items the screen flagged, marked so its score counts them; `keepOwn`: the prediction's own
   * verdicts are kept beside the server's (a self-judged file on a public release), so its score
   * reports how far they agree
   */
  apply(
    prediction: P,
    verdicts: string[],
    opts?: { flagged?: boolean[]; keepOwn?: boolean; unclassified?: boolean[] },
  ): P;
  /** the judge's answer read into a verdict; null: no verdict in it */
  parse(answer: string): { verdict: string; reason: string } | null;
  /** the verdict whose rate the paper's recall counts (CR-Bench: bug_hit): sensitivity and specificity are of it */
  positive: string;
  /**
   * the items a human labeled in an instance's truth, as a prediction to prompt for and the human
   * verdicts in the same order (null: none): the judge is measured against them
   */
  humanLabels?(truth: T): { prediction: P; labels: string[] } | null;
}

/** The side of a composed pipeline a task's submissions fill (TaskKindDef.composeSide). */
export type ComposeSide = "input" | "output";

/**
 * A kind whose submissions can be composed from two sibling submissions, one per side (issue 20:
 * BouncerBench Lite chains an Input bouncer with an Output bouncer). lib/server/submissions/compose.ts
 * asks it, never a kind's name.
 */
export interface ComposeSpec {
  /** the kind of the sibling tasks the sides come from (each says its side with `composeSide`) */
  kind: string;
  /** the field of a sibling's stored prediction that holds its decision (read alone: traces stay put) */
  decisionField: string;
  /** the id a side's release knows an instance by (a pipeline id may carry a prefix the sides lack) */
  sourceId(externalId: string): string;
  /** the pipeline's prediction row (upload format) from the two sides' decisions on an instance */
  row(decisions: Record<ComposeSide, boolean>): Record<string, unknown>;
}

/** A release's instances as an overview reads them: the truth only where the reader may see it (`truth`). */
export type ReleaseView<T, M> = { instances: { truth: T | null; metadata: M }[]; truth: boolean };

/** Length buckets (METRICS.md §3): the side, and per instance its length and the decision vs truth (null: no length). */
export type LengthBucketSpec<I, P> = {
  side: "input" | "output";
  row(instance: I, prediction: P): { length: number; should: boolean; did: boolean } | null;
};

/** A baseline entry the server computes: it may read public metadata only, never truth. */
export type BaselineSpec<M, P> = {
  key: string;
  label: string;
  /** one line on what it does and why it is there (the board's baselines band) */
  description?: string;
  predict(instance: { externalId: string; metadata: M }): P;
};

/** An upload or release file format, as the docs and the forms show it. */
export type FormatDoc = { summary: string; example: string };

export interface TaskKindDef<T, P, D, M, TC, SC> {
  kind: string;
  title: string;
  judge?: JudgeSpec;
  /** the judge the server can run on uploads that carry no verdicts (and on hidden releases) */
  serverJudge?: ServerJudgeDef<T, P>;
  /** a subset of instances a release may declare, scored beside it (CR-Bench-verified) */
  subset?: BoardSubset;
  schemas: KindSchemas<T, P, D, M>;
  columns(opts: TaskOptions): MetricColumn[];
  /** Validates one row of a dataset release file. */
  parseReleaseRow(row: Record<string, unknown>, opts: TaskOptions): ParseResult<Instance<T, M>>;
  /** Validates one prediction (already split by instance id) against its instance; returns the stored form. */
  parsePrediction(id: string, value: unknown, opts: TaskOptions, instance: Instance<T, M>): ParseResult<P>;
  /** Fields of a stored prediction that are shown but never read by the scorer (e.g. traces): not kept in memory while scoring. */
  storageOnlyFields?: string[];
  /** Non-fatal findings about a valid prediction (e.g. a CI patch that does not apply). */
  warnPrediction?(instance: Instance<T, M>, prediction: P, opts: TaskOptions): string[];
  /** The distributions a release overview shows: of the truth when `truth` (not on a hidden release, for non-admins), of public metadata always. */
  releaseDistributions?(input: ReleaseView<T, M>, opts: TaskOptions): Distribution[];
  /** A table of per-instance means a release overview shows (CR-Bench Table 3); truth-based rows only when `truth`. */
  releaseStatistics?(input: ReleaseView<T, M>, opts: TaskOptions): ReleaseStatistics | null;
  /** Kinds with a threshold explorer (the submission page's slider): what it sweeps, from a submission's pairs. */
  explorerItems?(pairs: Pair<T, P, M>[]): ExplorerItem[];
  /**
   * What the instance explorer filters by, besides the repository: `label` (the truth in a word;
   * never asked on a hidden release) and `length` (the length bucket), when the kind has them.
   */
  instanceFacets?(instance: Instance<T, M>, opts: TaskOptions): InstanceFacets;
  /**
   * The metric a paper reads on a slice of instances, when the primary one says little there (a
   * slice of one truth class): its key and label, and per instance the value whose mean it is.
   * Null: the slice is read by the primary metric.
   */
  sliceHeadline?(pairs: Pair<T, P, M>[], opts: TaskOptions): SliceHeadline | null;
  lengthBuckets?(opts: TaskOptions): LengthBucketSpec<Instance<T, M>, P>;
  baselines?(opts: TaskOptions): BaselineSpec<M, P>[];
  predictionFormat(opts: TaskOptions): FormatDoc;
  releaseFormat(opts: TaskOptions): FormatDoc;
  /** A blank prediction file for a release's instances (pure; public metadata only, never truth, like baselines). */
  template?(instances: { externalId: string; metadata: M }[], opts: TaskOptions): PredictionTemplate;
  /** Scores aligned truth/prediction pairs (all covered instances of a release). */
  score(pairs: Pair<T, P, M>[], opts: TaskOptions): { metrics: Metrics; primaryValue: number | null; details: D };
  outcome(instance: Instance<T, M>, prediction: P, opts: TaskOptions): InstanceOutcome;
  /** The primary metric decomposed per instance, from which primaryFromStats recomputes it on any resample. */
  primaryStats(instance: Instance<T, M>, prediction: P, opts: TaskOptions): number[];
  /**
   * The rows of a whole sample (covered instances in release order) when a row depends on the
   * others (Lite: whether it is its ticket's first instance, so the input half counts each ticket
   * once, as the scorer does). Default: primaryStats of each. The shown value is primaryFromStats of
   * these rows and every bootstrap replicate is primaryFromStats of a resample of them: one estimator.
   */
  primaryRows?(items: { instance: Instance<T, M>; prediction: P }[], opts: TaskOptions): number[][];
  primaryFromStats(rows: number[][], opts: TaskOptions): number | null;
  /** Outcome filters for the per-instance table. */
  outcomeFilters: { key: string; label: string }[];
  /** The task page's kind-specific chart data (drawn by components/tasks/<kind>). */
  taskCharts?(ctx: TaskChartContext<D>): TC;
  /** The submission page's kind-specific chart data. */
  submissionCharts?(ctx: SubmissionChartContext<T, P, D, M>): Promise<SC>;
  /**
   * A paper's own table of a release's board (CI-Bench's Table 1), from every complete public
   * run in board order: board values and system metadata only, no details, no predictions.
   */
  paperTable?(systems: BoardSystem[]): object;
  /** A pipeline kind: the sibling kind and how a pipeline submission is composed from two of its submissions. */
  composes?: ComposeSpec;
  /** A task of this kind as one side of a pipeline (its options say which), or null: it is none. */
  composeSide?(opts: TaskOptions): ComposeSide | null;
  /**
   * A deterministic synthetic release and submissions for a task of this kind (lib/synthetic),
   * for the catalog's tasks that ask for one (`synthetic`: the seed's offset).
   */
  synthetic?(seed: number, opts: TaskOptions): SyntheticTask;
}

type Json = Record<string, unknown>;
type RawInstance = Instance<Json, Json>;
type RawPair = Pair<Json, Json, Json>;

/**
 * The erased task kind the server works with: stored JSON in, parsed by the kind's schemas. Its
 * contract is TaskKindDef's, written once: the same members on JSON, without the schemas (the
 * module parses with them), with the readers the schemas give (options, stored details) and with
 * `primaryRows` always there (defineTaskKind supplies the default).
 */
export interface TaskKindModule extends Omit<
  TaskKindDef<Json, Json, Json, Json, unknown, unknown>,
  "schemas" | "primaryRows"
> {
  /** A task's catalog options read through the kind's schema (defaults applied). @throws StoredShapeError */
  parseOptions(options: unknown): TaskOptions;
  /** The per-instance rows of a sample (covered instances in release order): what the CI, replicates and paired tests resample. */
  primaryRows(items: { instance: Instance<Json, Json>; prediction: Json }[], opts: TaskOptions): number[][];
  /** stored score details, parsed with the kind's schema */
  readDetails(details: unknown): unknown;
}

/** A typed kind: the erased module plus its definition (for the UI registry's types). */
export type TaskKind<T, P, D, M, TC, SC> = TaskKindModule & {
  readonly def: TaskKindDef<T, P, D, M, TC, SC>;
};

/** The types a typed kind stores and draws (for components/tasks/<kind>). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DetailsOf<K> = K extends TaskKind<any, any, infer D, any, any, any> ? D : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TaskChartsOf<K> = K extends TaskKind<any, any, any, any, infer TC, any> ? TC : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TruthOf<K> = K extends TaskKind<infer T, any, any, any, any, any> ? T : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PredictionOf<K> = K extends TaskKind<any, infer P, any, any, any, any> ? P : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MetadataOf<K> = K extends TaskKind<any, any, any, infer M, any, any> ? M : never;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SubmissionChartsOf<K> = K extends TaskKind<any, any, any, any, any, infer SC> ? SC : never;

/** A stored value that does not match its kind's schema: a bug (or a stale row), never user input. */
export class StoredShapeError extends Error {
  constructor(kind: string, what: string, issues: z.core.$ZodIssue[]) {
    const first = issues[0];
    super(
      `task kind ${kind}: stored ${what} does not match its schema at ${first?.path.join(".") || "(root)"}: ${first?.message ?? "invalid"}`,
    );
    this.name = "StoredShapeError";
  }
}

/**
 * For readers that draw one part of a page from stored details: a row that does not match its
 * kind's schema (stored by an older scorer; an admin's re-score rewrites it) leaves that part
 * out and is logged, instead of failing the whole page. Any other error is thrown.
 */
export function unlessStale<T>(what: string, read: () => T): T | null;
export function unlessStale<T>(what: string, read: () => Promise<T>): Promise<T | null>;
export function unlessStale<T>(what: string, read: () => T | Promise<T>): T | null | Promise<T | null> {
  const stale = (e: unknown) => {
    if (!(e instanceof StoredShapeError)) throw e;
    console.error(`[stored] ${what}: ${e.message}`);
    return null;
  };
  try {
    const r = read();
    return r instanceof Promise ? r.catch(stale) : r;
  } catch (e) {
    return stale(e);
  }
}

/** A kind's server judge on stored JSON: truth and predictions read through the kind's schemas. */
function erasedJudge<T, P>(
  j: ServerJudgeDef<T, P>,
  truth: (v: unknown) => T,
  prediction: (v: unknown) => P,
): ServerJudgeDef<Json, Json> {
  return {
    version: j.version,
    template: j.template,
    unit: j.unit,
    malformedAs: j.malformedAs,
    judged: (p) => j.judged(prediction(p)),
    unjudged: j.unjudged && ((p) => j.unjudged!(prediction(p))),
    prompts: (t, p) => j.prompts(truth(t), prediction(p)),
    screen:
      j.screen &&
      ((p) => {
        const s = j.screen!(prediction(p));
        return { ...s, prediction: s.prediction as unknown as Json };
      }),
    flaggedAs: j.flaggedAs,
    apply: (p, verdicts, opts) => j.apply(prediction(p), verdicts, opts) as unknown as Json,
    parse: j.parse,
    positive: j.positive,
    humanLabels:
      j.humanLabels &&
      ((t) => {
        const h = j.humanLabels!(truth(t));
        return h ? { prediction: h.prediction as unknown as Json, labels: h.labels } : null;
      }),
  };
}

/** The readers of a kind's stored JSON (parsed by its schemas, memoised per object) and its write check. */
function readersOf<T, P, D, M, TC, SC>(def: TaskKindDef<T, P, D, M, TC, SC>) {
  const s = def.schemas;
  const reader = <X>(schema: z.ZodType<X>, what: string) => {
    const cache = new WeakMap<object, X>();
    return (value: unknown): X => {
      const key = typeof value === "object" && value !== null ? value : null;
      if (key) {
        const hit = cache.get(key);
        if (hit !== undefined) return hit;
      }
      const r = schema.safeParse(value);
      if (!r.success) throw new StoredShapeError(def.kind, what, r.error.issues);
      if (key) cache.set(key, r.data);
      return r.data;
    };
  };
  const truth = reader(s.truth, "truth");
  const metadata = reader(s.metadata, "metadata");
  const prediction = reader(s.prediction, "prediction");
  const details = reader(s.details, "details");
  const options = s.options ? reader(s.options, "options") : null;
  // stored instances are the truth cache's objects: their parsed form is kept with them
  const instances = new WeakMap<RawInstance, Instance<T, M>>();
  const instance = (i: RawInstance): Instance<T, M> => {
    let hit = instances.get(i);
    if (!hit)
      instances.set(i, (hit = { externalId: i.externalId, truth: truth(i.truth), metadata: metadata(i.metadata) }));
    return hit;
  };
  const pair = (p: RawPair): Pair<T, P, M> => ({
    truth: truth(p.truth),
    prediction: prediction(p.prediction),
    metadata: metadata(p.metadata),
  });
  // what the kind returns for storage is checked against its own schemas before it is written
  const check = <X>(schema: z.ZodType<X>, what: string, value: X, asStored = false): Json => {
    // details are checked as they will be read back: after JSON (∞ and NaN become null)
    const r = schema.safeParse(asStored ? JSON.parse(JSON.stringify(value)) : value);
    if (!r.success) throw new StoredShapeError(def.kind, what, r.error.issues);
    return value as unknown as Json;
  };
  const seriesOf = (x: ChartSeries<Json>, hidden: boolean): ChartSeries<D> => ({
    ...x,
    details: hidden || !x.details ? null : (details(x.details) as D),
  });

  return { s, truth, metadata, prediction, details, options, instance, pair, check, seriesOf };
}

type Readers<T, P, D, M> = {
  s: KindSchemas<T, P, D, M>;
  truth: (v: unknown) => T;
  metadata: (v: unknown) => M;
  prediction: (v: unknown) => P;
  details: (v: unknown) => D;
  instance: (i: RawInstance) => Instance<T, M>;
  pair: (p: RawPair) => Pair<T, P, M>;
  check: <X>(schema: z.ZodType<X>, what: string, value: X, asStored?: boolean) => Json;
  seriesOf: (x: ChartSeries<Json>, hidden: boolean) => ChartSeries<D>;
};

/** A release's views through the kind: its distributions, statistics, baselines and blank file. */
function releaseHooks<T, P, D, M, TC, SC>(
  def: TaskKindDef<T, P, D, M, TC, SC>,
  r: Readers<T, P, D, M>,
): Pick<TaskKindModule, "releaseDistributions" | "releaseStatistics" | "baselines" | "template"> {
  const { s, truth, metadata, check } = r;
  // a release's instances, read through the kind's schemas (its truth only where the caller has it)
  const release = (input: ReleaseView<Json, Json>) => ({
    truth: input.truth,
    instances: input.instances.map((i) => ({
      truth: input.truth ? truth(i.truth) : null,
      metadata: metadata(i.metadata),
    })),
  });
  return {
    releaseDistributions: def.releaseDistributions && ((input, o) => def.releaseDistributions!(release(input), o)),
    releaseStatistics: def.releaseStatistics && ((input, o) => def.releaseStatistics!(release(input), o)),
    baselines:
      def.baselines &&
      ((o) =>
        def.baselines!(o).map((b) => ({
          key: b.key,
          label: b.label,
          description: b.description,
          predict: (i) =>
            check(
              s.prediction,
              "baseline prediction",
              b.predict({ externalId: i.externalId, metadata: metadata(i.metadata) }),
            ),
        }))),
    template:
      def.template &&
      ((list, o) =>
        def.template!(
          list.map((i) => ({ externalId: i.externalId, metadata: metadata(i.metadata) })),
          o,
        )),
  };
}

/** A submission's views through the kind: the explorer, facets, slice headlines, length buckets. */
function viewHooks<T, P, D, M, TC, SC>(
  def: TaskKindDef<T, P, D, M, TC, SC>,
  r: Readers<T, P, D, M>,
): Pick<TaskKindModule, "explorerItems" | "instanceFacets" | "sliceHeadline" | "lengthBuckets"> {
  const { instance, pair, prediction } = r;
  return {
    explorerItems: def.explorerItems && ((pairs) => def.explorerItems!(pairs.map(pair))),
    instanceFacets: def.instanceFacets && ((inst, o) => def.instanceFacets!(instance(inst), o)),
    sliceHeadline: def.sliceHeadline && ((pairs, o) => def.sliceHeadline!(pairs.map(pair), o)),
    lengthBuckets:
      def.lengthBuckets &&
      ((o) => {
        const spec = def.lengthBuckets!(o);
        return { side: spec.side, row: (inst, p) => spec.row(instance(inst), prediction(p)) };
      }),
  };
}

/** The kind's charts, their stored details read through its schema. */
function chartHooks<T, P, D, M, TC, SC>(
  def: TaskKindDef<T, P, D, M, TC, SC>,
  r: Readers<T, P, D, M>,
): Pick<TaskKindModule, "taskCharts" | "submissionCharts"> {
  const { details, pair, seriesOf } = r;
  return {
    taskCharts:
      def.taskCharts &&
      ((ctx) =>
        def.taskCharts!({
          ...ctx,
          series: ctx.series.map((x) => seriesOf(x, ctx.hidden)),
          overlay: ctx.overlay.map((x) => seriesOf(x, ctx.hidden)),
        })),
    submissionCharts:
      def.submissionCharts &&
      ((ctx) =>
        def.submissionCharts!({
          ...ctx,
          details: ctx.hidden || !ctx.details ? null : details(ctx.details),
          pairs: async () => (await ctx.pairs()).map(pair),
        })),
  };
}

/**
 * Turns a kind's typed definition into the module the server uses. Parsing is memoised per
 * stored object, so a truth read once per release is parsed once however many submissions
 * are scored against it.
 */
export function defineTaskKind<T, P, D, M, TC = never, SC = never>(
  def: TaskKindDef<T, P, D, M, TC, SC>,
): TaskKind<T, P, D, M, TC, SC> {
  const r = readersOf(def);
  const { s, truth, prediction, details, options, instance, pair, check } = r;
  const kindModule: TaskKind<T, P, D, M, TC, SC> = {
    def,
    kind: def.kind,
    title: def.title,
    judge: def.judge,
    serverJudge: def.serverJudge && erasedJudge(def.serverJudge, truth, prediction),
    ...(def.subset ? { subset: def.subset } : {}),
    parseOptions: (o) => (options ? options(o ?? {}) : ((o ?? {}) as TaskOptions)),
    columns: (o) => def.columns(o),
    parseReleaseRow(row, o) {
      const r = def.parseReleaseRow(row, o);
      if (!r.ok) return r;
      return {
        ok: true,
        ...(r.warnings?.length ? { warnings: r.warnings } : {}),
        value: {
          externalId: r.value.externalId,
          truth: check(s.truth, "truth", r.value.truth),
          metadata: check(s.metadata, "metadata", r.value.metadata),
        },
      };
    },
    parsePrediction(id, value, o, inst) {
      const r = def.parsePrediction(id, value, o, instance(inst));
      return r.ok ? { ok: true, value: check(s.prediction, "prediction", r.value) } : r;
    },
    storageOnlyFields: def.storageOnlyFields,
    warnPrediction: def.warnPrediction && ((inst, p, o) => def.warnPrediction!(instance(inst), prediction(p), o)),
    ...releaseHooks(def, r),
    ...viewHooks(def, r),
    predictionFormat: (o) => def.predictionFormat(o),
    releaseFormat: (o) => def.releaseFormat(o),
    score(pairs, o) {
      const r = def.score(pairs.map(pair), o);
      return {
        metrics: r.metrics,
        primaryValue: r.primaryValue,
        details: check(s.details, "details", r.details, true),
      };
    },
    outcome: (inst, p, o) => def.outcome(instance(inst), prediction(p), o),
    primaryStats: (inst, p, o) => def.primaryStats(instance(inst), prediction(p), o),
    primaryRows: (items, o) => {
      const typed = items.map((x) => ({ instance: instance(x.instance), prediction: prediction(x.prediction) }));
      return def.primaryRows
        ? def.primaryRows(typed, o)
        : typed.map((x) => def.primaryStats(x.instance, x.prediction, o));
    },
    primaryFromStats: (rows, o) => def.primaryFromStats(rows, o),
    outcomeFilters: def.outcomeFilters,
    readDetails: (d) => details(d),
    ...chartHooks(def, r),
    // none of these reads a stored value: the kind's own functions as they are
    paperTable: def.paperTable,
    composes: def.composes,
    composeSide: def.composeSide,
    synthetic: def.synthetic,
  };
  return kindModule;
}

// The leaderboard CLI: `npm run cli -- <command>` (INTERFACE.md).
//   score --task T --release FILE_OR_VERSION PRED.json
//   submit --task T --model NAME [--system S] [--oss] [--private] [--site URL] [--meta KEY=VALUE]... [--run N] PRED.json...
//   token create --team SLUG [--admin] [--name NAME]
//   import-release --task T --version V [--notes N] [--hidden] [--publish] [--synthetic] FILE
//   whoami | submissions list [--team SLUG] | invite --team SLUG   (through the API, LEADERBOARD_TOKEN)
//   verify ID_OR_URL_OR_DIR [--out DIR] [--keys FILE_OR_URL]   (a snapshot, checked, recomputed and its signature: scripts/cli-verify.ts)
// Operator commands use the running app's API (admin token from LEADERBOARD_TOKEN or
// .data/admin-token) when it answers — found through .data/server.json, whatever its port — else
// connect to the database themselves (DATABASE_URL, or the embedded PostgreSQL server, started
// for the command when nothing runs). The CLI never opens database files another process holds.
import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { AppError, formatProblem, type Problem } from "@/lib/errors";
import { findTaskDef } from "@/lib/tasks/catalog";
import { catalogTask, type ResolvedTask } from "@/lib/tasks/resolve";
import { provideDatabaseUrl } from "./database-url";
import { Me, TokenCreated } from "@/lib/contracts/accounts";
import { UploadResponse } from "@/lib/contracts/submissions";
import { runNumberProblem, SYSTEM_META_KEYS } from "@/lib/validations/common";
import { MAX_TRIES, retryDelaySeconds } from "@/lib/client/retry";
import { readServerInfo } from "./embedded-pg.mjs";
import { loadEnv } from "./load-env.mjs";

// the app's .env files, before any setting is read (variables already set win); not for the CLI
// installed alone (packages/cli sets LEADERBOARD_CLI_NAME): a team's own project .env is not ours
if (!process.env.LEADERBOARD_CLI_NAME) loadEnv();

/** How the CLI was started: `leaderboard` when installed alone (packages/cli), else the app's npm script. */
const PROGRAM = process.env.LEADERBOARD_CLI_NAME ?? "npm run cli --";

const USAGE = `usage: ${PROGRAM} <command>

  score --task bouncerbench/input --release FILE_OR_VERSION PRED.json
        score a prediction file offline with the server's metrics library; prints JSON
  submit --task TASK --model NAME [--system S] [--oss] [--private] [--site URL] [--meta KEY=VALUE]... [--run N] PRED.json...
        upload through the API (LEADERBOARD_URL, LEADERBOARD_TOKEN); --meta sets system metadata
        (agent, base_model, judge_model, judge_prompt, temperature, …; CR-Bench and A&V need the judge);
        several files are repeated runs of one system, numbered from --run N (default 1): the board
        shows their mean, spread and consistency
  token create --team SLUG [--admin] [--name NAME]
        create an API token for one of your teams (LEADERBOARD_TOKEN: any team its user is a
        member of); operators (admin token): any team, created if needed; printed once
  import-release --task TASK --version V [--notes TEXT] [--hidden] [--publish] [--synthetic] FILE
        import a dataset release
  whoami
        who the token belongs to: user, admin or not, teams with roles
  submissions list [--team SLUG]
        the team's submissions (public and private), newest first
  invite --team SLUG
        a single-use invitation link to the team (owners)
  verify ID_OR_URL_OR_DIR [--out DIR] [--keys FILE_OR_URL]
        check a snapshot without trusting the server: every file's SHA-256, and every row's
        metrics, interval and rank recomputed from its predictions and truth, and the host's
        Ed25519 signature of its manifest (which key signed it); exit 1 on a difference. --out
        keeps the files, signature.json and leaderboard-keys.json; a folder holding them is checked
        offline; --keys: the host's keys to trust (its /.well-known/leaderboard-keys.json)

environment: LEADERBOARD_URL (default http://localhost:3000), LEADERBOARD_TOKEN, DATABASE_URL`;

class CliError extends Error {}

const dataDir = () => path.resolve(process.env.DATA_DIR ?? ".data");

/** The app's URL: LEADERBOARD_URL, else where the running app recorded itself, else localhost:$PORT. */
const baseUrl = () =>
  (
    process.env.LEADERBOARD_URL ??
    readServerInfo(dataDir())?.url ??
    `http://localhost:${process.env.PORT ?? 3000}`
  ).replace(/\/$/, "");

function adminToken(): string | undefined {
  if (process.env.LEADERBOARD_TOKEN) return process.env.LEADERBOARD_TOKEN;
  const file = path.resolve(process.env.DATA_DIR ?? ".data", "admin-token");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : undefined;
}

/** Is our app answering at LEADERBOARD_URL? */
async function appIsRunning(): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl()}/api/v1/health`, { signal: AbortSignal.timeout(1500) });
    return res.ok && (await res.json()).app === "trustworthy-se-leaderboard";
  } catch {
    return false;
  }
}

function printProblems(problems: Problem[], total?: number) {
  for (const p of problems) console.error(`  - ${formatProblem(p)}`);
  if (total && total > problems.length) console.error(`  … and ${total - problems.length} more`);
}

/** Shows an API error body readably and exits 1. */
function apiFailure(
  status: number,
  body: { error?: { message?: string; details?: { problems?: Problem[]; problemCount?: number } } },
): never {
  console.error(`error (HTTP ${status}): ${body.error?.message ?? "request failed"}`);
  if (body.error?.details?.problems) printProblems(body.error.details.problems, body.error.details.problemCount);
  process.exit(1);
}

/** A JSON request to the API with the caller's token (LEADERBOARD_TOKEN, else the operator's admin token). */
async function api(method: string, pathname: string, body?: unknown) {
  const token = process.env.LEADERBOARD_TOKEN ?? adminToken();
  if (!token) throw new CliError("no API token: set LEADERBOARD_TOKEN to your team's API token (account page)");
  const res = await fetch(`${baseUrl()}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) apiFailure(res.status, json);
  return json;
}

const STRING = { type: "string" } as const;
const FLAG = { type: "boolean" } as const;

/** A command's options and positional arguments (an unknown option, or a positional where none is taken, is an error). */
function command<O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: string[],
  options: O,
  { positionals = true } = {},
) {
  return parseArgs({ args: argv, allowPositionals: positionals, options });
}

async function cmdWhoami() {
  console.log(JSON.stringify(await api("GET", "/api/v1/me"), null, 2));
}

async function cmdSubmissions(argv: string[]) {
  const { values, positionals } = command(argv, { team: STRING });
  if (positionals[0] !== "list") throw new CliError("usage: submissions list [--team SLUG]");
  const team = values.team ?? Me.parse(await api("GET", "/api/v1/me")).team;
  if (!team) throw new CliError("this token belongs to no team: pass --team SLUG");
  const t = (await api("GET", `/api/v1/teams/${encodeURIComponent(team)}`)) as {
    submissions: {
      id: string;
      task: string;
      model: string;
      visibility: string;
      verified: unknown;
      hidden: unknown;
      createdAt: string;
    }[];
  };
  console.log(
    JSON.stringify(
      { team, submissions: t.submissions.map((s) => ({ ...s, url: `${baseUrl()}/submissions/${s.id}` })) },
      null,
      2,
    ),
  );
}

async function cmdInvite(argv: string[]) {
  const { values } = command(argv, { team: STRING }, { positionals: false });
  if (!values.team) throw new CliError("missing --team SLUG");
  console.log(
    JSON.stringify(await api("POST", `/api/v1/teams/${encodeURIComponent(values.team)}/invitations`), null, 2),
  );
}

async function postForm(url: string, form: FormData, token: string | undefined) {
  if (!token)
    throw new CliError(
      "no API token: set LEADERBOARD_TOKEN (or run on the app's machine, which has .data/admin-token)",
    );
  for (let tries = 1; ; tries++) {
    const res = await fetch(url, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
    const body = await res.json().catch(() => ({}));
    if (res.ok) return body;
    // busy (503) or too many at once (429): sent again after the wait the server names
    const wait = retryDelaySeconds(res.status, res.headers.get("retry-after"), body.error?.code, tries);
    if (wait === null) apiFailure(res.status, body);
    console.error(
      `the server answered ${res.status} (${body.error?.message ?? "busy"}): sending again in ${wait} s (try ${tries + 1} of ${MAX_TRIES})`,
    );
    await new Promise((r) => setTimeout(r, wait * 1000));
  }
}

/**
 * Runs fn against the database when the app does not answer: DATABASE_URL, or the embedded
 * PostgreSQL (joined if it runs, else started for this command and stopped after). Refuses while
 * an app recorded in server.json is alive but not answering: it owns the embedded database.
 */
async function withDb<T>(fn: (db: import("@/lib/server/db").Database) => Promise<T>): Promise<T> {
  let stop = () => undefined as void;
  if (!process.env.DATABASE_URL) {
    const info = readServerInfo(dataDir());
    if (info) {
      throw new CliError(
        `the app (pid ${info.pid}) runs from ${path.relative(process.cwd(), dataDir()) || "."} at ${info.url} but does not answer; ` +
          "the CLI goes through its API and never opens its database itself: try again when it answers, or stop it",
      );
    }
    stop = await provideDatabaseUrl();
  }
  const { getDatabase, closeDatabase } = await import("@/lib/server/db");
  const { startUp } = await import("@/lib/server/setup");
  await import("@/lib/server/worker");
  const db = await getDatabase();
  try {
    await startUp(db, { log: (m) => console.error(m) });
    return await fn(db);
  } finally {
    await closeDatabase();
    stop();
  }
}

function fileArg(positionals: string[], what: string): { path: string; text: string } {
  const p = positionals[0];
  if (!p) throw new CliError(`missing ${what} file`);
  if (!fs.existsSync(p)) throw new CliError(`no such file: ${p}`);
  return { path: p, text: fs.readFileSync(p, "utf8") };
}

function requireTask(slug: string | undefined): string {
  if (!slug) throw new CliError("missing --task (e.g. bouncerbench/input)");
  if (!findTaskDef(slug)) throw new CliError(`unknown task ${slug}`);
  return slug;
}

/** A task resolved from the catalog alone (offline scoring needs no database): the server's own resolver. */
function offlineTask(slug: string): ResolvedTask {
  return catalogTask(slug)!;
}

async function cmdScore(argv: string[]) {
  const { values, positionals } = command(argv, { task: STRING, release: STRING });
  const slug = requireTask(values.task);
  if (!values.release) throw new CliError("missing --release (a release file, or a version such as 1.0)");
  const preds = fileArg(positionals, "prediction");
  // pure modules only: offline scoring loads no database code
  const { validatePredictionText: validatePredictions, validateReleaseFile } = await import("@/lib/tasks/validate");
  const { computeScore } = await import("@/lib/server/scoring/compute");
  const { unjudgedItems } = await import("@/lib/tasks/shared/judge");
  const task = offlineTask(slug);
  let instances: { externalId: string; truth: Record<string, unknown>; metadata: Record<string, unknown> }[];
  let releaseName: string;
  if (fs.existsSync(values.release)) {
    instances = validateReleaseFile(task, fs.readFileSync(values.release, "utf8"), values.release).instances;
    releaseName = path.basename(values.release);
  } else if (await appIsRunning()) {
    // The embedded database has one owner: ask the app to score without storing.
    const form = new FormData();
    form.set("model", "cli-score");
    form.set("dry_run", "true");
    form.set("file", new Blob([preds.text]), path.basename(preds.path));
    const body = await postForm(`${baseUrl()}/api/v1/tasks/${slug}/submissions`, form, adminToken());
    if (body.validation.release !== values.release) {
      throw new CliError(
        `the running app scores against its current release ${body.validation.release}; pass a release file to score against ${values.release}`,
      );
    }
    console.log(
      JSON.stringify(
        {
          task: slug,
          release: body.validation.release,
          coverage: { covered: body.validation.covered, total: body.validation.total },
          metrics: body.metrics,
        },
        null,
        2,
      ),
    );
    return;
  } else {
    const version = values.release;
    const rows = await withDb(async (db) => {
      const { getTaskOrThrow, getReleaseOrThrow } = await import("@/lib/server/tasks");
      const t = await getTaskOrThrow(db.prisma, slug);
      const rel = await getReleaseOrThrow(db.prisma, t.id, version, { isAdmin: true }); // the operator holds the database
      if (rel.hidden)
        throw new CliError(`release ${version} keeps its truth hidden; submit to the server to be scored`);
      return db.prisma.instance.findMany({
        where: { releaseId: rel.id },
        orderBy: { position: "asc" },
        select: { externalId: true, truth: true, metadata: true },
      });
    });
    instances = rows as typeof instances;
    releaseName = version;
  }
  const { predictions, format, warnings } = validatePredictions(task, instances, preds.text, preds.path);
  for (const w of warnings) console.error(`warning: ${w}`);
  // items the server's judge would give a verdict (CR-Bench comments) count as its fallback here
  const unjudged = unjudgedItems(task.kind.serverJudge, predictions.values());
  if (unjudged)
    console.error(
      `warning: ${unjudged.items} ${unjudged.unit} in ${unjudged.predictions} predictions have no verdict: scored offline, each counts as ${unjudged.countedAs} (submit to have the server's judge give them one)`,
    );
  // the metrics and their interval: the per-slice breakdowns the server stores are not printed
  const s = computeScore(task, instances, predictions, { breakdowns: false });
  console.log(
    JSON.stringify(
      {
        task: slug,
        release: releaseName,
        format,
        coverage: { covered: s.covered, total: s.total, partial: s.partial },
        ...(unjudged ? { unjudged } : {}),
        metrics: s.result?.metrics ?? {},
        ci: s.ci ? { metric: task.primaryMetric, low: s.ci.low, high: s.ci.high, level: 0.95 } : null,
      },
      null,
      2,
    ),
  );
}

async function cmdSubmit(argv: string[]) {
  const { values, positionals } = command(argv, {
    task: STRING,
    model: STRING,
    system: STRING,
    site: STRING,
    oss: FLAG,
    private: FLAG,
    meta: { ...STRING, multiple: true },
    run: STRING,
  });
  const slug = requireTask(values.task);
  if (!values.model) throw new CliError("missing --model NAME");
  // several files are repeated runs of one system: numbered from --run (default 1), one upload each
  const files = positionals.length ? positionals.map((p) => fileArg([p], "prediction")) : [fileArg([], "prediction")];
  // the server's rule for the field (plain decimal digits: not 1e2, 01 or +2)
  const problem = values.run === undefined ? null : runNumberProblem(values.run);
  if (problem) throw new CliError(`--run takes a whole number from 1, got '${values.run}': ${problem}`);
  const first = values.run === undefined ? (files.length > 1 ? 1 : undefined) : Number(values.run);
  // a submission is filed under the token's team: never fall back to the operator's admin token
  const token = process.env.LEADERBOARD_TOKEN;
  if (!token)
    throw new CliError(
      "set LEADERBOARD_TOKEN to your team's API token (account page, or: npm run cli -- token create --team SLUG)",
    );
  const answers = [];
  for (const [i, preds] of files.entries()) {
    const form = submitForm(values, preds);
    if (first !== undefined) form.set("run", String(first + i));
    const body = UploadResponse.parse(await postForm(`${baseUrl()}/api/v1/tasks/${slug}/submissions`, form, token));
    answers.push({ ...body, url: `${baseUrl()}/submissions/${body.id}` });
  }
  console.log(JSON.stringify(answers.length === 1 ? answers[0] : answers, null, 2));
}

/** The upload's form: the file, the model and the system metadata (--meta KEY=VALUE, validated by the server). */
function submitForm(
  values: { model?: string; system?: string; site?: string; oss?: boolean; private?: boolean; meta?: string[] },
  preds: { path: string; text: string },
): FormData {
  const form = new FormData();
  for (const kv of values.meta ?? []) {
    const at = kv.indexOf("=");
    if (at < 1) throw new CliError(`--meta takes KEY=VALUE, got '${kv}'`);
    const key = kv.slice(0, at).trim();
    if (!(SYSTEM_META_KEYS as string[]).includes(key))
      throw new CliError(`--meta ${key}: not a system metadata field; one of ${SYSTEM_META_KEYS.join(", ")}`);
    form.set(key, kv.slice(at + 1));
  }
  form.set("file", new Blob([preds.text], { type: "application/json" }), path.basename(preds.path));
  form.set("model", values.model!);
  if (values.system) form.set("system", values.system);
  if (values.site) form.set("site", values.site);
  form.set("oss", values.oss ? "true" : "false");
  form.set("visibility", values.private ? "private" : "public");
  return form;
}

async function cmdToken(argv: string[]) {
  const [sub, ...rest] = argv;
  if (sub !== "create") throw new CliError("usage: token create --team SLUG [--admin] [--name NAME]");
  const { values } = command(rest, { team: STRING, admin: FLAG, name: STRING }, { positionals: false });
  if (!values.team) throw new CliError("missing --team SLUG");
  const name = values.name ?? "cli token";
  if (await appIsRunning()) {
    const token = adminToken();
    if (!token)
      throw new CliError("the app is running but no admin token was found (LEADERBOARD_TOKEN or .data/admin-token)");
    const res = await fetch(`${baseUrl()}/api/v1/tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ team: values.team, admin: values.admin ?? false, name }),
    });
    const body = await res.json();
    if (!res.ok) apiFailure(res.status, body);
    console.log(TokenCreated.parse(body).token);
    console.error(`created a${body.admin ? "n admin" : ""} token for team ${body.team} (shown once)`);
    return;
  }
  await withDb(async (db) => {
    const { createApiToken, ensureTeam } = await import("@/lib/server/auth");
    const team = await ensureTeam(db.prisma, values.team!);
    const t = await createApiToken(db.prisma, { teamId: team.id, isAdmin: values.admin ?? false, name });
    console.log(t.token);
    console.error(`created a${values.admin ? "n admin" : ""} token for team ${team.slug} (shown once)`);
  });
}

async function cmdImportRelease(argv: string[]) {
  const { values, positionals } = command(argv, {
    task: STRING,
    version: STRING,
    notes: STRING,
    hidden: FLAG,
    publish: FLAG,
    synthetic: FLAG,
  });
  const slug = requireTask(values.task);
  if (!values.version) throw new CliError("missing --version V");
  const file = fileArg(positionals, "release");
  if (await appIsRunning()) {
    const form = new FormData();
    form.set("file", new Blob([file.text]), path.basename(file.path));
    form.set("task", slug);
    form.set("version", values.version);
    if (values.notes) form.set("notes", values.notes);
    form.set("hidden", String(values.hidden ?? false));
    form.set("publish", String(values.publish ?? false));
    form.set("synthetic", String(values.synthetic ?? false));
    const body = await postForm(`${baseUrl()}/api/v1/admin/releases`, form, adminToken());
    console.log(JSON.stringify(body, null, 2));
    return;
  }
  await withDb(async (db) => {
    const { importRelease, releaseJson } = await import("@/lib/server/releases");
    const r = await importRelease(db.prisma, {
      task: slug,
      version: values.version!,
      text: file.text,
      fileName: path.basename(file.path),
      notes: values.notes,
      hidden: values.hidden,
      publish: values.publish,
      synthetic: values.synthetic,
    });
    const { jobJson } = await import("@/lib/server/jobs");
    // a publish queues its re-score: the CLI runs it here and reports it finished
    let job = r.job;
    if (job) {
      const { runDueJobs } = await import("@/lib/server/worker");
      await runDueJobs(db.prisma, db.pool);
      job = await db.prisma.job.findUniqueOrThrow({ where: { id: job.id } });
    }
    console.log(
      JSON.stringify(
        { release: releaseJson(r.release), validation: r.validation, diff: r.diff, job: job ? jobJson(job) : null },
        null,
        2,
      ),
    );
  });
}

/** One command's part of the usage (its lines up to the next command), or null for an unknown one. */
export function commandHelp(cmd: string): string | null {
  const lines = USAGE.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`  ${cmd} `) || l === `  ${cmd}`);
  if (start < 0) return null;
  let end = start + 1;
  while (end < lines.length && lines[end].startsWith("        ")) end++;
  return `usage: ${PROGRAM} ${lines.slice(start, end).join("\n").trim()}\n\n${lines.at(-1)}`;
}

async function main() {
  const [cmd, ...rest] = process.argv.slice(2);
  // every command answers --help with its own usage
  if (cmd && (rest.includes("--help") || rest.includes("-h"))) {
    const help = commandHelp(cmd);
    if (!help) throw new CliError(`unknown command ${cmd}\n\n${USAGE}`);
    console.log(help);
    return;
  }
  switch (cmd) {
    case "score":
      return cmdScore(rest);
    case "submit":
      return cmdSubmit(rest);
    case "token":
      return cmdToken(rest);
    case "import-release":
      return cmdImportRelease(rest);
    case "whoami":
      return cmdWhoami();
    case "submissions":
      return cmdSubmissions(rest);
    case "invite":
      return cmdInvite(rest);
    case "verify": {
      const { cmdVerify } = await import("./cli-verify");
      process.exitCode = await cmdVerify(rest, baseUrl());
      return;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      console.log(USAGE);
      return;
    default:
      throw new CliError(`unknown command ${cmd}\n\n${USAGE}`);
  }
}

main().catch((e) => {
  if (e instanceof AppError) {
    console.error(`error: ${e.message}`);
    const d = e.details as { problems?: Problem[]; problemCount?: number } | undefined;
    if (d?.problems) printProblems(d.problems, d.problemCount);
  } else if (
    e instanceof CliError ||
    (e instanceof TypeError && "code" in e && String(e.code).startsWith("ERR_PARSE_ARGS"))
  ) {
    console.error(`error: ${e.message}`);
  } else {
    console.error(e);
  }
  process.exit(1);
});

// Reads the project's .env files into process.env for the processes that start before Next.js
// reads them, or without Next.js at all: `npm start` (scripts/start.mjs), the job worker and the
// database scripts (scripts/worker-launch.mjs) and the CLI (scripts/cli-launch.mjs, scripts/cli.ts).
// The rules are Next.js's own (@next/env), so every process of an install sees the same settings:
//   - files, in this order, the first to set a variable winning: .env.MODE.local, .env.local (not
//     when MODE is test), .env.MODE, .env — MODE is `test` when NODE_ENV=test, `development` for
//     `npm run dev` (or NODE_ENV=development), else `production`;
//   - a variable already in the environment is never replaced: an explicit setting wins;
//   - lines are KEY=value, optionally `export KEY=value`; `#` starts a comment outside quotes;
//     values may be quoted with '…', "…" or `…` (and then span lines; "\n" in double quotes is a
//     newline); $VAR, ${VAR} and ${VAR:-default} are replaced (from the environment, then from
//     the files), and \$ is a literal dollar sign.
// Parsing is Node's util.parseEnv where there is one (Node ≥ 20.12), else parseDotenv's own.
//   node scripts/load-env.mjs [--mode MODE] [KEY…]   print what this folder's files leave set (JSON)
import fs from "node:fs";
import path from "node:path";
import util from "node:util";
import { fileURLToPath } from "node:url";

/** The files Next.js reads for a mode, the first one to set a variable winning. */
export function envFiles(mode) {
  return [`.env.${mode}.local`, ...(mode === "test" ? [] : [".env.local"]), `.env.${mode}`, ".env"];
}

/** The mode Next.js would pick for a process that is not `next dev`. */
export function defaultMode(env = process.env) {
  if (env.NODE_ENV === "test") return "test";
  return env.NODE_ENV === "development" ? "development" : "production";
}

/** The small parser used where Node has no util.parseEnv (and checked against it in the tests). */
export function parseDotenvFallback(text) {
  const out = {};
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  for (let n = 0; n < lines.length; n++) {
    const m = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/.exec(lines[n]);
    if (!m) continue;
    const [, key, rest] = m;
    const quote = rest[0];
    if (quote === '"' || quote === "'" || quote === "`") {
      // a quoted value runs to its closing quote, over several lines if need be
      let body = rest.slice(1);
      let close = body.indexOf(quote);
      let last = n;
      while (close < 0 && last + 1 < lines.length) {
        body += "\n" + lines[++last];
        close = body.indexOf(quote);
      }
      if (close >= 0) {
        n = last;
        const value = body.slice(0, close);
        out[key] = quote === '"' ? value.replace(/\\n/g, "\n").replace(/\\r/g, "\r") : value;
        continue;
      }
    }
    out[key] = rest.split("#")[0].trim();
  }
  return out;
}

/** Parses the text of a .env file into { KEY: value } (no expansion). */
export function parseDotenv(text, { builtin = typeof util.parseEnv === "function" } = {}) {
  if (!builtin) return parseDotenvFallback(text);
  // older parseEnv releases do not know the `export ` prefix
  return { ...util.parseEnv(text.replace(/^(\s*)export\s+(?=[\w.-]+\s*=)/gm, "$1")) };
}

const REFERENCE = /(\\)?\$(?:\{(\w+)(?::-([^}\\]*))?\}|(\w+))/g;

/**
 * Replaces $VAR, ${VAR} and ${VAR:-default} in a value, and \$ by a dollar sign. As in Next.js, a
 * variable is looked up in the environment, then the default applies, then the file's own values.
 */
export function expandValue(value, fromEnv, fromFile = () => undefined) {
  return value
    .replace(REFERENCE, (all, escaped, braced, fallback, bare) => {
      if (escaped) return all;
      const name = braced ?? bare;
      return fromEnv(name) || fallback || fromFile(name) || "";
    })
    .replace(/\\\$/g, "$");
}

/**
 * Loads the .env files of `dir` (default: the working directory) for `mode` into `env` (default:
 * process.env), never replacing a variable `env` already has. Returns the files read, the
 * variables it set, and for every variable the files name (set here or not) how many name it.
 */
export function loadEnv({ dir = process.cwd(), mode = defaultMode(), env = process.env } = {}) {
  const files = [];
  const set = [];
  const named = {};
  for (const name of envFiles(mode)) {
    let text;
    try {
      text = fs.readFileSync(path.join(dir, name), "utf8");
    } catch (e) {
      if (e.code === "ENOENT" || e.code === "EISDIR") continue;
      throw e;
    }
    files.push(name);
    const raw = parseDotenv(text);
    // a value that names another of the file's variables gets that one's expanded value
    const parsed = {};
    const expanding = new Set();
    const fromFile = (name) => {
      if (!Object.prototype.hasOwnProperty.call(raw, name)) return undefined;
      if (!Object.prototype.hasOwnProperty.call(parsed, name)) {
        if (expanding.has(name)) return raw[name]; // a cycle: its text as it is
        expanding.add(name);
        // the environment holds explicit settings and what earlier files set
        parsed[name] = expandValue(raw[name], (ref) => env[ref], fromFile);
        expanding.delete(name);
      }
      return parsed[name];
    };
    for (const key of Object.keys(raw)) {
      named[key] = (named[key] ?? 0) + 1;
      fromFile(key);
    }
    for (const [key, value] of Object.entries(parsed)) {
      if (Object.prototype.hasOwnProperty.call(env, key)) continue;
      env[key] = value;
      set.push(key);
    }
  }
  return { files, set, named };
}

/**
 * The environment for a Next.js child process. Next.js reads the same files again and, for each
 * file that names a variable, expands `$` references in its value and turns \$ into $ — even when
 * the variable was already set: "pa$s" would reach it as "pa". Escaping every `$` once per such
 * file (`named`, from loadEnv) makes it arrive at exactly the value settled here.
 */
export function envForNext(env, named) {
  const out = { ...env };
  for (const [key, times] of Object.entries(named))
    if (typeof out[key] === "string") for (let i = 0; i < times; i++) out[key] = out[key].replaceAll("$", "\\$");
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--mode");
  const mode = at >= 0 ? args.splice(at, 2)[1] : defaultMode();
  const { files, named } = loadEnv({ mode });
  const names = args.length ? args : Object.keys(named);
  const values = Object.fromEntries(names.map((k) => [k, process.env[k] ?? null]));
  console.log(JSON.stringify({ files, values }));
}

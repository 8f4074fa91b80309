// The .env loader of `npm start`, the worker and the CLI (scripts/load-env.mjs): run as a process
// in a folder of its own, it reads what Next.js reads, the way Next.js reads it, and never replaces
// a variable the environment already has. .env.example names every setting there is.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { envForNext, loadEnv, parseDotenv, parseDotenvFallback } from "./load-env.mjs";

const root = path.resolve(import.meta.dirname, "..");
const loader = path.join(root, "scripts", "load-env.mjs");

const DOTENV = [
  "# a comment line",
  "PLAIN=value",
  "export EXPORTED=yes",
  '  export   SPACED_EXPORT = "kept"  ',
  'DOUBLE="double # not a comment"',
  "SINGLE='single $PLAIN'",
  "BACKTICK=`back`",
  "TRAILING=abc # a comment after the value",
  "EMPTY=",
  "PADDED =  padded out  ",
  'MULTI="line 1',
  'line 2"',
  'NEWLINE="a\\nb"',
  "BRACED=${PLAIN}-x",
  "BARE=$PLAIN/y",
  "DEFAULTED=${MISSING:-fallback}",
  'ESCAPED="cost \\$5"',
  "FROM_ENV=$OUTSIDE",
  "FORWARD=$LATER",
  "LATER=$PLAIN-later",
  "DATABASE_URL=postgresql://file@localhost/db",
  "LOCAL_WINS=from .env",
  "",
].join("\n");

const KEYS = [
  "PLAIN",
  "EXPORTED",
  "SPACED_EXPORT",
  "DOUBLE",
  "SINGLE",
  "BACKTICK",
  "TRAILING",
  "EMPTY",
  "PADDED",
  "MULTI",
  "NEWLINE",
  "BRACED",
  "BARE",
  "DEFAULTED",
  "ESCAPED",
  "FROM_ENV",
  "FORWARD",
  "LATER",
  "DATABASE_URL",
  "LOCAL_WINS",
  "PROD_ONLY",
];

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-dotenv-"));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** Runs the loader as a process in `dir` with exactly `env` (and PATH); its JSON answer. */
function load(dir: string, env: Record<string, string>, args: string[] = KEYS) {
  const out = execFileSync(process.execPath, [loader, ...args], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", ...env } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  return JSON.parse(out) as { files: string[]; values: Record<string, string | null> };
}

/** What Next.js's own loader (@next/env, as `next start` runs it) leaves in the environment. */
function loadLikeNext(dir: string, env: Record<string, string | undefined>, keys: string[] = KEYS) {
  const script = `
    const { loadEnvConfig } = require(${JSON.stringify(path.join(root, "node_modules", "@next", "env"))});
    loadEnvConfig(${JSON.stringify(dir)}, false, { info() {}, error() {} });
    const keys = ${JSON.stringify(keys)};
    console.log(JSON.stringify(Object.fromEntries(keys.map((k) => [k, process.env[k] ?? null]))));`;
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const out = execFileSync(process.execPath, ["-e", script], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", ...clean } as unknown as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, string | null>;
}

describe("scripts/load-env.mjs", () => {
  const dir = folder({
    ".env": DOTENV,
    ".env.local": "LOCAL_WINS=from .env.local\n",
    ".env.production": "PROD_ONLY=production file\nLOCAL_WINS=from .env.production\n",
  });

  it("reads .env: quotes, comments, export prefixes, several lines, references", () => {
    const { files, values } = load(dir, { OUTSIDE: "outside" });
    expect(files).toEqual([".env.local", ".env.production", ".env"]);
    expect(values).toMatchObject({
      PLAIN: "value",
      EXPORTED: "yes",
      SPACED_EXPORT: "kept",
      DOUBLE: "double # not a comment",
      SINGLE: "single value",
      BACKTICK: "back",
      TRAILING: "abc",
      EMPTY: "",
      PADDED: "padded out",
      MULTI: "line 1\nline 2",
      NEWLINE: "a\nb",
      BRACED: "value-x",
      BARE: "value/y",
      DEFAULTED: "fallback",
      ESCAPED: "cost $5",
      FROM_ENV: "outside",
      FORWARD: "value-later",
      LATER: "value-later",
      DATABASE_URL: "postgresql://file@localhost/db",
      LOCAL_WINS: "from .env.local",
      PROD_ONLY: "production file",
    });
  });

  it("an explicit variable wins over every file, even when empty", () => {
    const { values } = load(dir, {
      DATABASE_URL: "postgresql://explicit@db/lb",
      LOCAL_WINS: "explicit",
      PLAIN: "",
    });
    expect(values.DATABASE_URL).toBe("postgresql://explicit@db/lb");
    expect(values.LOCAL_WINS).toBe("explicit");
    expect(values.PLAIN).toBe("");
    // a reference reads the environment first, but an empty value counts as unset (as in Next.js)
    expect(values.BRACED).toBe("value-x");
  });

  it("reads the files of its mode, as Next.js does: test skips .env.local", () => {
    expect(load(dir, { NODE_ENV: "test" }).files).toEqual([".env"]);
    expect(load(dir, { NODE_ENV: "development" }).files).toEqual([".env.local", ".env"]);
    expect(load(dir, {}, ["--mode", "development", "PROD_ONLY"]).values.PROD_ONLY).toBeNull();
  });

  it("a folder without .env files leaves the environment alone", () => {
    const empty = folder({});
    expect(load(empty, { PLAIN: "x" })).toEqual({
      files: [],
      values: Object.fromEntries(KEYS.map((k) => [k, k === "PLAIN" ? "x" : null])),
    });
  });

  it("leaves what Next.js's own loader leaves", () => {
    const env = { OUTSIDE: "outside", LOCAL_WINS: "explicit" };
    expect(load(dir, env).values).toEqual(loadLikeNext(dir, env));
  });

  it("Next.js, given the settled environment (envForNext), keeps its values, $ included", () => {
    const env = { OUTSIDE: "outside", DATABASE_URL: "postgresql://u:pa$s@db/lb", LOCAL_WINS: "a\\$b" };
    const ours = load(dir, env).values;
    expect(ours.DATABASE_URL).toBe("postgresql://u:pa$s@db/lb");
    const settled = { ...env, ...Object.fromEntries(Object.entries(ours).filter(([, v]) => v !== null)) } as Record<
      string,
      string
    >;
    // without the escaping Next.js reads "pa$s" as "pa" followed by the variable $s
    expect(loadLikeNext(dir, settled).DATABASE_URL).toBe("postgresql://u:pa@db/lb");
    // each file that names a variable is one more round of expansion there: LOCAL_WINS is in three
    const { named } = loadEnv({ dir, mode: "production", env: { ...env } });
    expect(named.LOCAL_WINS).toBe(3);
    expect(loadLikeNext(dir, envForNext(settled, named))).toEqual(ours);
  });

  it("Node's parser and the fallback parser agree", () => {
    const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort());
    const builtin = parseDotenv(DOTENV);
    expect(builtin.EXPORTED).toBe("yes");
    expect(sorted(parseDotenvFallback(DOTENV))).toEqual(sorted(builtin));
    expect(sorted(parseDotenv(DOTENV, { builtin: false }))).toEqual(sorted(builtin));
  });
});

describe(".env.example", () => {
  const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");
  const named = new Set([...example.matchAll(/^#?\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

  it("names every variable of lib/env.ts and of the README's configuration table", () => {
    const schema = fs.readFileSync(path.join(root, "lib", "env.ts"), "utf8");
    const fromSchema = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*): z/gm)].map((m) => m[1]);
    const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("| variable |"));
    const rows = table.slice(0, table.search(/\n\n/)).split("\n");
    const fromReadme = rows.flatMap((row) =>
      [...(row.split("|")[1] ?? "").matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]),
    );
    expect(fromSchema.length).toBeGreaterThan(30);
    expect(fromReadme.length).toBeGreaterThan(30);
    expect([...new Set([...fromSchema, ...fromReadme])].filter((k) => !named.has(k))).toEqual([]);
  });

  it("sets nothing as it is: every setting is commented out until chosen", () => {
    expect(parseDotenv(example)).toEqual({});
  });
});

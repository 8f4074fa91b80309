// `npm run cli -- verify ID_OR_URL_OR_DIR [--out DIR]`: checks a snapshot without trusting the
// server (issue 31; lib/snapshots/verify.ts). A 64-hex id is fetched from LEADERBOARD_URL; a URL
// names a snapshot on any server (…/api/v1/snapshots/ID); a folder holds a downloaded copy
// (manifest.json beside its files). --out keeps what was downloaded. Prints one line per check
// and exits 1 on any difference.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { AppError } from "@/lib/errors";
import type { Manifest } from "@/lib/snapshots/format";
import { verifySnapshot, type ReadFile } from "@/lib/snapshots/verify";

const ID = /^[0-9a-f]{64}$/;

/** Where to read from: a folder, or a server's snapshot URL (and the id it names). */
function source(target: string, baseUrl: string): { read: ReadFile; id?: string; where: string } {
  if (!ID.test(target) && fs.existsSync(target) && fs.statSync(target).isDirectory()) {
    const dir = path.resolve(target);
    return { read: async (name) => new Uint8Array(fs.readFileSync(path.join(dir, path.basename(name)))), where: dir };
  }
  let base = baseUrl;
  let id = target;
  if (/^https?:\/\//.test(target)) {
    const m = /^(.*?)\/api\/v1\/snapshots\/([0-9a-f]{64})/.exec(target);
    if (!m) throw new AppError("bad_request", `${target} is not a snapshot URL (…/api/v1/snapshots/<64 hex digits>)`);
    [, base, id] = m;
  } else if (!ID.test(target))
    throw new AppError(
      "bad_request",
      `${target}: give a snapshot id (64 hex digits), its URL, or a folder with its files`,
    );
  const read: ReadFile = async (name) => {
    const res = await fetch(`${base}/api/v1/snapshots/${id}/files/${name}`);
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new AppError("bad_request", `${name}: HTTP ${res.status} ${body?.error?.message ?? ""}`.trim());
    }
    return new Uint8Array(await res.arrayBuffer());
  };
  return { read, id, where: `${base}/api/v1/snapshots/${id}` };
}

/** Keeps every file read in `dir` as it is read. */
function keeping(read: ReadFile, dir: string): ReadFile {
  fs.mkdirSync(dir, { recursive: true });
  return async (name) => {
    const data = await read(name);
    fs.writeFileSync(path.join(dir, path.basename(name)), data);
    return data;
  };
}

/**
 * Every file read before any is checked: checking a large one takes seconds, and a server closes
 * a kept-alive connection left idle that long (Node: 5 s) — the next download met a closed socket.
 */
async function prefetched(read: ReadFile): Promise<ReadFile> {
  const files = new Map<string, Uint8Array>();
  const manifest = await read("manifest.json");
  files.set("manifest.json", manifest);
  for (const f of (JSON.parse(Buffer.from(manifest).toString("utf8")) as Manifest).files)
    files.set(f.name, await read(f.name));
  return async (name) => files.get(name) ?? read(name);
}

export async function cmdVerify(argv: string[], baseUrl: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: "string" } },
  });
  if (positionals.length !== 1) throw new AppError("bad_request", "usage: verify ID_OR_URL_OR_DIR [--out DIR]");
  const src = source(positionals[0], baseUrl);
  const read = await prefetched(values.out ? keeping(src.read, values.out) : src.read);
  console.log(`verifying ${src.where}`);
  const t0 = performance.now();
  const v = await verifySnapshot(read, src.id);
  for (const line of v.lines) console.log(line);
  const manifest = values.out
    ? (JSON.parse(fs.readFileSync(path.join(values.out, "manifest.json"), "utf8")) as Manifest)
    : null;
  if (manifest) console.log(`kept in ${path.resolve(values.out!)} (${manifest.files.length + 1} files)`);
  const bad = v.lines.filter((l) => l.startsWith("✗")).length;
  console.log(
    v.ok
      ? `verified: every check passed (${((performance.now() - t0) / 1000).toFixed(1)} s)`
      : `NOT verified: ${bad} check(s) failed`,
  );
  return v.ok ? 0 : 1;
}

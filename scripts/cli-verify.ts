// `npm run cli -- verify ID_OR_URL_OR_DIR [--out DIR]`: checks a snapshot without trusting the
// server (issue 31; lib/snapshots/verify.ts). A 64-hex id is fetched from LEADERBOARD_URL; a URL
// names a snapshot on any server (…/api/v1/snapshots/ID); a folder holds a downloaded copy
// (manifest.json beside its files). --out keeps what was downloaded. Prints one line per check
// and exits 1 on any difference.
// The host's signature (issue 48) is checked too: from a server, GET …/signature and
// /.well-known/leaderboard-keys.json; from a folder, its signature.json and leaderboard-keys.json
// (what --out keeps). --keys FILE_OR_URL names the keys to trust instead (the host's own, when the
// folder came from a mirror). A signature that does not verify is a ✗ and exit 1.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { AppError } from "@/lib/errors";
import type { Manifest } from "@/lib/snapshots/format";
import { verifySignature } from "@/lib/snapshots/signature";
import { verifySnapshot, type ReadFile } from "@/lib/snapshots/verify";

const ID = /^[0-9a-f]{64}$/;

/** The signature's files as a folder holds them (and as --out keeps them). */
const SIGNATURE_FILE = "signature.json";
const KEYS_FILE = "leaderboard-keys.json";

interface Source {
  read: ReadFile;
  id?: string;
  where: string;
  /** the signature and the host's keys, or null when the source has none (a folder without them) */
  signed: () => Promise<{ signature: Uint8Array; keys: Uint8Array } | null>;
}

/** GET url: its bytes. @throws AppError bad_request naming `what` and the answer's status and message */
async function download(url: string, what: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new AppError("bad_request", `${what}: HTTP ${res.status} ${body?.error?.message ?? ""}`.trim());
  }
  return new Uint8Array(await res.arrayBuffer());
}

/** Where to read from: a folder, or a server's snapshot URL (and the id it names). */
function source(target: string, baseUrl: string): Source {
  if (!ID.test(target) && fs.existsSync(target) && fs.statSync(target).isDirectory()) {
    const dir = path.resolve(target);
    const file = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, path.basename(name))));
    return {
      read: async (name) => file(name),
      where: dir,
      signed: async () =>
        fs.existsSync(path.join(dir, SIGNATURE_FILE)) && fs.existsSync(path.join(dir, KEYS_FILE))
          ? { signature: file(SIGNATURE_FILE), keys: file(KEYS_FILE) }
          : null,
    };
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
  const read: ReadFile = (name) => download(`${base}/api/v1/snapshots/${id}/files/${name}`, name);
  const signed = async () => ({
    signature: await download(`${base}/api/v1/snapshots/${id}/signature`, "the signature"),
    keys: await download(`${base}/.well-known/leaderboard-keys.json`, "the host's keys"),
  });
  return { read, id, where: `${base}/api/v1/snapshots/${id}`, signed };
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

/**
 * The host's signature over the manifest's bytes, as one line: ✓ with the key that signed, ✗ with
 * what is wrong (nothing to check from a server is a ✗ too), or · when a folder holds none.
 */
async function checkSignature(
  manifest: Uint8Array,
  src: Source,
  opts: { keys?: string; out?: string },
): Promise<{ ok: boolean; line: string }> {
  let got: { signature: Uint8Array; keys: Uint8Array } | null;
  try {
    got = await src.signed();
    if (got && opts.keys)
      got.keys = /^https?:\/\//.test(opts.keys)
        ? await download(opts.keys, "the keys of --keys")
        : new Uint8Array(fs.readFileSync(opts.keys));
  } catch (e) {
    return { ok: false, line: `✗ signature: ${(e as Error).message}` };
  }
  if (!got)
    return {
      ok: true,
      line: `· signature: not checked (no ${SIGNATURE_FILE} and ${KEYS_FILE} beside manifest.json: verify from the server, or keep them with --out)`,
    };
  if (opts.out) {
    fs.writeFileSync(path.join(opts.out, SIGNATURE_FILE), got.signature);
    fs.writeFileSync(path.join(opts.out, KEYS_FILE), got.keys);
  }
  const v = await verifySignature(manifest, got.signature, got.keys);
  if (!v.ok) return { ok: false, line: `✗ signature: ${v.problem}` };
  const retired = v.retired ? ` (a key retired on ${v.retired.slice(0, 10)}; signed while it was the host's)` : "";
  return { ok: true, line: `✓ signature: manifest.json signed by key ${v.keyId} (Ed25519)${retired}` };
}

export async function cmdVerify(argv: string[], baseUrl: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { out: { type: "string" }, keys: { type: "string" } },
  });
  if (positionals.length !== 1)
    throw new AppError("bad_request", "usage: verify ID_OR_URL_OR_DIR [--out DIR] [--keys FILE_OR_URL]");
  const src = source(positionals[0], baseUrl);
  const read = await prefetched(values.out ? keeping(src.read, values.out) : src.read);
  console.log(`verifying ${src.where}`);
  const t0 = performance.now();
  const v = await verifySnapshot(read, src.id);
  const signature = await checkSignature(await read("manifest.json"), src, values);
  const lines = [...v.lines, signature.line];
  for (const line of lines) console.log(line);
  const manifest = values.out
    ? (JSON.parse(fs.readFileSync(path.join(values.out, "manifest.json"), "utf8")) as Manifest)
    : null;
  if (manifest) console.log(`kept in ${path.resolve(values.out!)} (${fs.readdirSync(values.out!).length} files)`);
  const bad = lines.filter((l) => l.startsWith("✗")).length;
  const ok = v.ok && signature.ok;
  console.log(
    ok
      ? `verified: every check passed (${((performance.now() - t0) / 1000).toFixed(1)} s)`
      : `NOT verified: ${bad} check(s) failed`,
  );
  return ok ? 0 : 1;
}

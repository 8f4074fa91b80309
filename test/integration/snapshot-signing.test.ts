// Signed snapshots (issue 48, item 3), through the real routes on a real PostgreSQL: a snapshot's
// signature verifies over its manifest with the key /.well-known/leaderboard-keys.json lists (in
// WebCrypto and in openssl), fails over a manifest altered after signing, survives a rotation
// (the retired key still listed and still verifying), comes out as one key when processes start
// at once, and the private key appears in no answer, file or table.
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// the key's file goes to a folder of this test's own (set before the app's modules read it)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-signing-"));
process.env.DATA_DIR = dataDir;
delete process.env.SNAPSHOT_SIGNING_KEY;

const { verifySignature } = await import("@/lib/snapshots/signature");
const { sqlOf } = await import("@/lib/server/db");
const { ensureSigningKey, signSnapshot, SIGNING_KEY_FILE } = await import("@/lib/server/snapshots");
const { seededTestDatabase, teamToken } = await import("../helpers/seeded");
const { apiRequest } = await import("../helpers/requests");
const { dispatch } = await import("../helpers/router");
const { downloadSnapshot } = await import("../helpers/snapshots");

type Db = Awaited<ReturnType<typeof seededTestDatabase>>;
let db: Db;
let admin = "";
let releaseId = "";
let first = "";
let manifest = Buffer.alloc(0);

const get = (url: string, token?: string) => dispatch(apiRequest("GET", url, { token }));
const json = async (url: string, token?: string) => {
  const res = await get(url, token);
  expect(res.status, url).toBe(200);
  return (await res.json()) as Record<string, unknown>;
};
const keysJson = () => json("/.well-known/leaderboard-keys.json") as Promise<{ keys: Key[] }>;
type Key = { keyId: string; alg: string; publicKey: string; retired: string | null };

/** A snapshot of the release now (the admin route's job), its id. */
async function snapshot(): Promise<string> {
  const res = await dispatch(apiRequest("POST", `/api/v1/admin/releases/${releaseId}/snapshots`, { token: admin }));
  expect(res.status).toBe(202);
  const { job } = (await res.json()) as { job: { id: string } };
  await db.runJobs();
  const state = (await json(`/api/v1/jobs/${job.id}`, admin)) as { result: { snapshot: string } };
  return state.result.snapshot;
}

/** Uploads one public file so the board (and its next snapshot) changes. */
async function upload(model: string, seed: number) {
  const ids = Object.keys(
    JSON.parse(fs.readFileSync("prisma/seed-data/bouncerbench/input_bouncer_gpt-4.1.json", "utf8")),
  );
  const fd = new FormData();
  fd.set("model", model);
  fd.set("visibility", "public");
  const body = Object.fromEntries(ids.map((id, i) => [id, { input_bounce: (i * seed) % 5 < 2 }]));
  fd.set("file", new Blob([JSON.stringify(body)], { type: "application/json" }), "p.json");
  const token = await teamToken(db, `signers-${seed}`);
  const res = await dispatch(
    new Request("http://localhost/api/v1/tasks/bouncerbench/input/submissions", {
      method: "POST",
      body: fd,
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  await db.runJobs();
}

beforeAll(async () => {
  db = await seededTestDatabase();
  admin = await teamToken(db, "signing-admins", { isAdmin: true });
  const task = await db.prisma.task.findUniqueOrThrow({ where: { fullSlug: "bouncerbench/input" } });
  releaseId = (await db.prisma.release.findFirstOrThrow({ where: { taskId: task.id, status: "published" } })).id;
  await upload("signed-a", 3);
  first = await snapshot();
  manifest = Buffer.from(await (await get(`/api/v1/snapshots/${first}`)).arrayBuffer());
}, 180_000);
afterAll(async () => {
  await db?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a snapshot's signature", () => {
  it("is served immutable, names the key the well-known list holds, and verifies over the manifest's bytes", async () => {
    const res = await get(`/api/v1/snapshots/${first}/signature`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const sig = (await res.json()) as { alg: string; keyId: string; signature: string };
    expect(sig.alg).toBe("Ed25519");
    expect(Buffer.from(sig.signature, "base64")).toHaveLength(64);
    const keysRes = await get("/.well-known/leaderboard-keys.json");
    expect(keysRes.headers.get("cache-control")).toBe("public, max-age=300");
    const keys = (await keysRes.json()) as { keys: Key[] };
    expect(keys.keys).toEqual([{ keyId: sig.keyId, alg: "Ed25519", publicKey: expect.any(String), retired: null }]);
    const raw = Buffer.from(keys.keys[0].publicKey, "base64");
    expect(raw).toHaveLength(32);
    expect(sig.keyId).toBe(crypto.createHash("sha256").update(raw).digest("hex").slice(0, 16));
    expect(await verifySignature(manifest, sig, keys)).toEqual({ ok: true, keyId: sig.keyId, retired: null });
    // the same as JSON text, as the CLI reads the files
    expect((await verifySignature(manifest, JSON.stringify(sig), JSON.stringify(keys))).ok).toBe(true);
    // and Node's own Ed25519 agrees
    const spki = crypto.createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: raw.toString("base64url") },
      format: "jwk",
    });
    expect(crypto.verify(null, manifest, spki, Buffer.from(sig.signature, "base64"))).toBe(true);
  });

  it("is made once: asked again, or signed again by the snapshot's maker, it is the stored one", async () => {
    const a = await json(`/api/v1/snapshots/${first}/signature`);
    const b = await signSnapshot(sqlOf(db.prisma), first, manifest);
    expect(b).toEqual(a);
    const rows = await db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM snapshot_signatures WHERE snapshot_id = $1`,
      [first],
    );
    expect(rows[0].n).toBe("1");
    await expect(signSnapshot(sqlOf(db.prisma), first, Buffer.concat([manifest, Buffer.from(" ")]))).rejects.toThrow(
      /not to snapshot/,
    );
  });

  it("fails over a manifest altered after signing, a foreign signature, and a key passed off under a known id", async () => {
    const sig = await json(`/api/v1/snapshots/${first}/signature`);
    const keys = await keysJson();
    // one row of the board rehashed into the manifest, or one byte anywhere: not what was signed
    const altered = Buffer.from(manifest.toString().replace(/"reason":\s*"(\w+)"/, '"reason": "$1x"'));
    expect(altered.equals(manifest)).toBe(false);
    const v = await verifySignature(altered, sig, keys);
    expect(v).toMatchObject({ ok: false, keyId: sig.keyId });
    expect(v.problem).toMatch(/does not match these manifest bytes/);
    const flipped = Buffer.from(manifest);
    flipped[flipped.length - 2] ^= 1;
    expect((await verifySignature(flipped, sig, keys)).ok).toBe(false);
    // a forger's own key signs the forged manifest: its id is none of the host's
    const forger = crypto.generateKeyPairSync("ed25519");
    const forged = { ...sig, signature: crypto.sign(null, altered, forger.privateKey).toString("base64") };
    expect((await verifySignature(altered, forged, keys)).ok).toBe(false);
    // ... nor can a keys file pair the forger's key with the host's id
    const x = forger.publicKey.export({ format: "jwk" }).x!;
    const swapped = { keys: [{ ...keys.keys[0], publicKey: Buffer.from(x, "base64url").toString("base64") }] };
    expect((await verifySignature(altered, forged, swapped)).problem).toMatch(/not the SHA-256 of its public key/);
    // unreadable input is said, not thrown
    expect((await verifySignature(manifest, "{", keys)).problem).toMatch(/not JSON/);
    expect((await verifySignature(manifest, { alg: "RS256" }, keys)).ok).toBe(false);
  });

  it("answers a malformed, unknown or taken-down id as the snapshot's other routes do", async () => {
    for (const id of ["abc", "0".repeat(64)]) {
      const [sig, man] = await Promise.all([get(`/api/v1/snapshots/${id}/signature`), get(`/api/v1/snapshots/${id}`)]);
      expect(sig.status, id).toBe(man.status);
      expect((await sig.json()).error.code).toBe((await man.json()).error.code);
    }
  });

  it("verifies with openssl against the well-known key (pkeyutl -rawin)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-openssl-"));
    try {
      const sig = await json(`/api/v1/snapshots/${first}/signature`);
      const { keys } = await keysJson();
      const raw = Buffer.from(keys[0].publicKey, "base64");
      // SubjectPublicKeyInfo of an Ed25519 key (RFC 8410) around the raw 32 bytes
      const spki = Buffer.concat([Buffer.from("302a300506032b6570032100", "hex"), raw]);
      const pem = `-----BEGIN PUBLIC KEY-----\n${spki.toString("base64")}\n-----END PUBLIC KEY-----\n`;
      fs.writeFileSync(path.join(dir, "key.pem"), pem);
      fs.writeFileSync(path.join(dir, "manifest.json"), manifest);
      fs.writeFileSync(path.join(dir, "altered.json"), Buffer.concat([manifest, Buffer.from("\n")]));
      fs.writeFileSync(path.join(dir, "sig.bin"), Buffer.from(String(sig.signature), "base64"));
      const openssl = (file: string) =>
        spawnSync(
          "openssl",
          ["pkeyutl", "-verify", "-pubin", "-inkey", "key.pem", "-rawin", "-in", file, "-sigfile", "sig.bin"],
          { cwd: dir, encoding: "utf8" },
        );
      const good = openssl("manifest.json");
      expect(good.stdout + good.stderr).toMatch(/Signature Verified Successfully/);
      expect(good.status).toBe(0);
      const bad = openssl("altered.json");
      expect(bad.status).toBe(1);
      expect(bad.stdout + bad.stderr).toMatch(/Signature Verification Failure/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the signing key", () => {
  it("is a file of DATA_DIR only its owner reads, and its private half is in no answer, file or table", async () => {
    const file = path.join(dataDir, SIGNING_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const pem = fs.readFileSync(file, "utf8");
    const key = crypto.createPrivateKey(pem);
    const d = Buffer.from(key.export({ format: "jwk" }).d!, "base64url");
    const der = key.export({ format: "der", type: "pkcs8" });
    // every way the key could be written down
    const forms = [d.toString("hex"), d.toString("base64"), d.toString("base64url"), der.toString("base64")];
    forms.push(...pem.split("\n").filter((l) => l.length > 20));
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), "lb-leak-"));
    try {
      await downloadSnapshot(first, copy);
      const seen: [string, Buffer][] = fs
        .readdirSync(copy)
        .map((f): [string, Buffer] => [f, fs.readFileSync(path.join(copy, f))]);
      // the gzipped files unpacked too
      for (const [f, b] of [...seen])
        if (f.endsWith(".gz")) seen.push([`${f} (unpacked)`, (await import("node:zlib")).gunzipSync(b)]);
      for (const url of [
        `/api/v1/snapshots/${first}`,
        `/api/v1/snapshots/${first}/signature`,
        `/api/v1/snapshots/${first}/eee`,
        "/.well-known/leaderboard-keys.json",
        "/api/v1/tasks/bouncerbench/input/snapshots",
        "/api/v1/openapi.json",
      ]) {
        const res = await get(url);
        seen.push([url, Buffer.from(await res.arrayBuffer())]);
        seen.push([`${url} (headers)`, Buffer.from(JSON.stringify([...res.headers]))]);
      }
      const tables = await db.query<{ row: string }>(
        `SELECT row_to_json(k)::text AS row FROM signing_keys k UNION ALL SELECT row_to_json(s)::text FROM snapshot_signatures s`,
      );
      seen.push(["the tables", Buffer.from(tables.map((t) => t.row).join("\n"))]);
      expect(seen.length).toBeGreaterThan(12);
      const leaks = seen.flatMap(([where, b]) =>
        forms.filter((f) => b.includes(f)).map((f) => `${where}: ${f.slice(0, 6)}…`),
      );
      expect(leaks).toEqual([]);
      // the check can fail: the public key is found where it is published
      const pub = (await keysJson()).keys[0].publicKey;
      expect(seen.some(([, b]) => b.includes(pub))).toBe(true);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });

  it("rotates: a new key retires the old one, whose signatures still verify and say so", async () => {
    const oldSig = await json(`/api/v1/snapshots/${first}/signature`);
    const oldPem = fs.readFileSync(path.join(dataDir, SIGNING_KEY_FILE), "utf8");
    // the documented rotation: the key's file deleted (a lost key), the processes restarted
    fs.rmSync(path.join(dataDir, SIGNING_KEY_FILE));
    const fresh = await ensureSigningKey(db, { dir: dataDir });
    expect(fresh.keyId).not.toBe(oldSig.keyId);
    const { keys } = await keysJson();
    expect(keys.map((k) => k.keyId)).toEqual([fresh.keyId, oldSig.keyId]);
    expect(keys[0].retired).toBeNull();
    expect(Date.parse(keys[1].retired!)).toBeGreaterThan(Date.now() - 60_000);
    // the old snapshot keeps its signature, which verifies with the retired key and says so
    expect(await json(`/api/v1/snapshots/${first}/signature`)).toEqual(oldSig);
    expect(await verifySignature(manifest, oldSig, { keys })).toEqual({
      ok: true,
      keyId: oldSig.keyId,
      retired: keys[1].retired,
    });
    // a new snapshot is signed with the new key (this process noticed its key was retired)
    await upload("signed-b", 4);
    const second = await snapshot();
    expect(second).not.toBe(first);
    const newSig = await json(`/api/v1/snapshots/${second}/signature`);
    expect(newSig.keyId).toBe(fresh.keyId);
    const m2 = Buffer.from(await (await get(`/api/v1/snapshots/${second}`)).arrayBuffer());
    expect((await verifySignature(m2, newSig, { keys })).ok).toBe(true);
    // a process still holding the old key cannot take its place back
    await expect(ensureSigningKey(db, { env: oldPem, dir: dataDir })).rejects.toThrow(/was retired on/);
    // a key given in the environment (base64 of the 32-byte seed) is a rotation too
    const given = crypto.generateKeyPairSync("ed25519").privateKey;
    const seed = Buffer.from(given.export({ format: "jwk" }).d!, "base64url").toString("base64");
    const fromEnv = await ensureSigningKey(db, { env: seed, dir: dataDir });
    expect((await keysJson()).keys.map((k) => [k.keyId, k.retired === null])).toEqual([
      [fromEnv.keyId, true],
      [fresh.keyId, false],
      [oldSig.keyId, false],
    ]);
    await expect(ensureSigningKey(db, { env: "not a key", dir: dataDir })).rejects.toThrow(
      /SNAPSHOT_SIGNING_KEY is not a private key/,
    );
  });

  it("is shown on the API reference page with its fingerprint, retired ones too", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { default: ApiDocsPage } = await import("@/app/docs/api/page");
    const html = renderToStaticMarkup(await ApiDocsPage());
    const { keys } = await keysJson();
    expect(keys.length).toBeGreaterThan(1);
    for (const k of keys) {
      const fingerprint = crypto.createHash("sha256").update(Buffer.from(k.publicKey, "base64")).digest("hex");
      expect(html).toContain(k.keyId);
      expect(html).toContain(fingerprint);
      expect(html).toContain(k.publicKey);
    }
    expect(html).toContain(`retired ${keys[1].retired!.slice(0, 10)}`);
    expect(html).toContain('href="/.well-known/leaderboard-keys.json"');
  });

  it("comes out as one key when processes start at once, with or without a key file between them", async () => {
    const active = async () =>
      (await db.query<{ key_id: string }>(`SELECT key_id FROM signing_keys WHERE retired_at IS NULL`)).map(
        (r) => r.key_id,
      );
    // processes of one host (one DATA_DIR, no key yet): one generates, the others read its file
    const host = fs.mkdtempSync(path.join(os.tmpdir(), "lb-host-"));
    const same = await Promise.all(Array.from({ length: 4 }, () => ensureSigningKey(db, { dir: host })));
    expect(new Set(same.map((k) => k.keyId)).size).toBe(1);
    expect(await active()).toEqual([same[0].keyId]);
    expect(fs.readdirSync(host)).toEqual([SIGNING_KEY_FILE]);
    // hosts that do not share their key (docs/operations.md says to share it): still one active key
    const dirs = Array.from({ length: 3 }, () => fs.mkdtempSync(path.join(os.tmpdir(), "lb-host-")));
    const apart = await Promise.all(dirs.map((dir) => ensureSigningKey(db, { dir })));
    expect(new Set(apart.map((k) => k.keyId)).size).toBe(3);
    expect(await active()).toHaveLength(1);
    expect(apart.map((k) => k.keyId)).toContain((await active())[0]);
    for (const d of [host, ...dirs]) fs.rmSync(d, { recursive: true, force: true });
  });

  it("starts as one key in two separate processes at once", () => {
    // two Node processes, one database, one DATA_DIR with no key: each registers what it finds
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lb-procs-"));
    const script = `
      const { openDatabase } = await import("@/lib/server/db");
      const { ensureSigningKey } = await import("@/lib/server/snapshots");
      const db = await openDatabase({ url: process.env.TEST_DB_URL });
      const k = await ensureSigningKey(db, { dir: process.env.KEY_DIR });
      console.log(k.keyId);
      await db.close();`;
    const env = { ...process.env, TEST_DB_URL: db.url!, KEY_DIR: dir };
    const file = path.join(dir, "start.mts");
    fs.writeFileSync(file, script);
    try {
      const out = execFileSync(
        "bash",
        ["-c", `npx tsx --tsconfig tsconfig.json "${file}" & npx tsx --tsconfig tsconfig.json "${file}" & wait`],
        { env, encoding: "utf8" },
      );
      const ids = out.trim().split("\n");
      expect(ids).toHaveLength(2);
      expect(ids[0]).toMatch(/^[0-9a-f]{16}$/);
      expect(ids[1]).toBe(ids[0]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

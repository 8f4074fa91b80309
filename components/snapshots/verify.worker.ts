// The browser verifier's Web Worker (issue 48): downloads a snapshot's files from this host, or
// reads a copy chosen from disk, and runs lib/snapshots/browser-verify.ts off the page's thread.
import { z } from "zod";
import { runVerification, snapshotFileName, type SignatureSource } from "@/lib/snapshots/browser-verify";
import type { ReadFile } from "@/lib/snapshots/verify";

const Job = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  origin: z.url(),
  /** a copy chosen from disk (absent: download from the host) */
  files: z.array(z.instanceof(File)).optional(),
});

const scope = self as unknown as { postMessage: (m: unknown) => void; onmessage: ((e: MessageEvent) => void) | null };

async function get(url: string): Promise<Response> {
  const res = await fetch(url);
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(`${url.replace(/^https?:\/\/[^/]+/, "")}: HTTP ${res.status} ${body?.error?.message ?? ""}`.trim());
  }
  return res;
}

/** Every file of the snapshot downloaded from the host first (three at a time), each one told. */
async function fromHost(origin: string, id: string): Promise<ReadFile> {
  const url = (name: string) => `${origin}/api/v1/snapshots/${id}/files/${name}`;
  const files = new Map<string, Uint8Array>();
  files.set("manifest.json", new Uint8Array(await (await get(url("manifest.json"))).arrayBuffer()));
  const parsed = JSON.parse(new TextDecoder().decode(files.get("manifest.json"))) as { files?: { name: string }[] };
  const names = (parsed.files ?? []).map((f) => f.name);
  const total = names.length + 1;
  let done = 1;
  scope.postMessage({ type: "fetched", name: "manifest.json", bytes: files.get("manifest.json")!.length, done, total });
  const queue = [...names];
  const worker = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      const data = new Uint8Array(await (await get(url(name))).arrayBuffer());
      files.set(name, data);
      scope.postMessage({ type: "fetched", name, bytes: data.length, done: ++done, total });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  return async (name) => {
    const f = files.get(name);
    if (!f) throw new Error(`${name} is not a file of this snapshot`);
    return f;
  };
}

/** A copy from disk: each file by its snapshot name (a download's "<id>-" prefix dropped). */
function fromDisk(chosen: File[]): { read: ReadFile; has: (name: string) => boolean } {
  const byName = new Map(chosen.map((f) => [snapshotFileName(f.name), f]));
  return {
    has: (name) => byName.has(name),
    read: async (name) => {
      const f = byName.get(name);
      if (!f) throw new Error(`${name} is not among the files chosen (${[...byName.keys()].join(", ")})`);
      return new Uint8Array(await f.arrayBuffer());
    },
  };
}

/** The signature and keys: from the copy when it holds them, else from the host. */
function signatureSource(origin: string, id: string, disk?: ReturnType<typeof fromDisk>): SignatureSource {
  return async () => {
    const text = async (name: string, url: string) =>
      disk?.has(name) ? new TextDecoder().decode(await disk.read(name)) : (await get(url)).text();
    try {
      return {
        signature: await text("signature.json", `${origin}/api/v1/snapshots/${id}/signature`),
        keys: await text("leaderboard-keys.json", `${origin}/.well-known/leaderboard-keys.json`),
      };
    } catch (e) {
      return `not checked: ${(e as Error).message} (offline, add signature.json and leaderboard-keys.json to the files)`;
    }
  };
}

scope.postMessage({ type: "ready" });

scope.onmessage = (e: MessageEvent) => {
  const job = Job.safeParse(e.data);
  if (!job.success) {
    scope.postMessage({ type: "done", ok: false, result: "✗ the verifier was started wrongly", signature: "" });
    return;
  }
  const { id, origin, files } = job.data;
  const disk = files ? fromDisk(files) : undefined;
  const post = (m: unknown) => scope.postMessage(m);
  void (async () => {
    try {
      const read = disk ? disk.read : await fromHost(origin, id);
      await runVerification(read, id, signatureSource(origin, id, disk), post);
    } catch (err) {
      post({ type: "done", ok: false, result: `✗ ${(err as Error).message}`, signature: "" });
    }
  })();
};

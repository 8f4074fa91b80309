// A snapshot's files downloaded as anyone would: through the routes, into a folder, for
// verifySnapshot (lib/snapshots/verify.ts) to recompute.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { apiRequest } from "./requests";
import { dispatch } from "./router";

/** Downloads snapshot `id` into `dir`: its manifest, then every file it names, each a 200 served immutable. */
export async function downloadSnapshot(id: string, dir: string): Promise<void> {
  const get = (name: string) => dispatch(apiRequest("GET", `/api/v1/snapshots/${id}/files/${name}`));
  const manifest = await get("manifest.json");
  expect(manifest.status).toBe(200);
  const bytes = Buffer.from(await manifest.arrayBuffer());
  fs.writeFileSync(path.join(dir, "manifest.json"), bytes);
  for (const f of JSON.parse(bytes.toString()).files as { name: string }[]) {
    const res = await get(f.name);
    expect(res.status, f.name).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    fs.writeFileSync(path.join(dir, f.name), Buffer.from(await res.arrayBuffer()));
  }
}

/** A reader of the files in `dir`, as verifySnapshot takes one. */
export const fromDir = (dir: string) => async (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));

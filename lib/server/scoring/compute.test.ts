// The CLI's offline `score` loads compute.ts and nothing of the database: loading Prisma's client
// alone cost it ~200 ms a run (issue 18's review: 1.05 s against Python's 0.86 s).
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

describe("compute.ts", () => {
  it("imports no database code (Prisma's client, pg, lib/server/db, jobs)", async () => {
    const root = path.resolve(__dirname, "../../..");
    const out = await build({
      entryPoints: [path.join(root, "lib/server/scoring/compute.ts")],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      packages: "external",
      tsconfig: path.join(root, "tsconfig.json"),
      logLevel: "silent",
    });
    const inputs = Object.keys(out.metafile.inputs);
    expect(inputs).toContain("lib/server/scoring/compute.ts");
    expect(inputs.filter((f) => /lib\/generated\/prisma|lib\/server\/(db|jobs|cache)\//.test(f))).toEqual([]);
    const packages = Object.values(out.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path));
    expect(packages.filter((p) => /^(pg|@prisma|graphile-worker)/.test(p))).toEqual([]);
  });
});

// The esbuild options of the CLI's two bundles — and of the server bundle (scripts/bundle.mjs): `.cli/` for `npm run cli` (scripts/cli-launch.mjs,
// packages external: the app's node_modules are there) and packages/cli/dist for the CLI
// installed alone (scripts/build-cli-package.mjs, everything bundled). One ES module, code-split:
// a command loads only what it uses.
import path from "node:path";

/** The options both bundles share; `over` adds or replaces (outdir, packages, external, minify…). */
export function cliBuildOptions(root, over) {
  return {
    entryPoints: { cli: path.join(root, "scripts", "cli.ts") },
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    ...over,
  };
}

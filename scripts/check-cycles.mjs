#!/usr/bin/env node
// No import cycles among our own modules (app/, components/, lib/, scripts/, cli/).
//
// Every static import and re-export that carries a value is an edge (`import type`, `export type`
// and imports whose every name is `type` are not: they vanish at compile time, as do dynamic
// `import()`s, which load lazily and are the sanctioned way to reach "up" a layer). Modules are
// resolved with TypeScript's own resolver and tsconfig.json (the `@/` alias included), and every
// strongly connected component of more than one module — or a module importing itself — is
// printed with one concrete cycle through it. Exit 1 when there is any.
//
// `npm run lint` runs it after ESLint; `node scripts/check-cycles.mjs --json` prints the graph's
// figures for docs/architecture.md.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const ROOTS = ["app", "components", "lib", "scripts", "cli", "proxy.ts", "instrumentation.ts"];
const SKIP = new Set(["node_modules", ".next", ".build", "generated", ".data"]);

/** Every .ts/.tsx/.mts file under the roots. */
function sources() {
  const out = [];
  const walk = (p) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (!SKIP.has(name)) walk(path.join(p, name));
    } else if (/\.(ts|tsx|mts)$/.test(p) && !p.endsWith(".d.ts") && !p.endsWith(".d.mts")) out.push(p);
  };
  for (const r of ROOTS) walk(path.join(root, r));
  return out;
}

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, "tsconfig.json"),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
const options = config?.options ?? {};
const host = ts.createCompilerHost(options);

/** The value-carrying module specifiers of one file. */
export function valueImports(text, fileName) {
  const sf = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specs = [];
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      if (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)) {
        const els = clause.namedBindings.elements;
        if (els.length > 0 && els.every((e) => e.isTypeOnly)) continue;
      }
      specs.push(st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier) {
      if (st.isTypeOnly) continue;
      if (
        st.exportClause &&
        ts.isNamedExports(st.exportClause) &&
        st.exportClause.elements.length > 0 &&
        st.exportClause.elements.every((e) => e.isTypeOnly)
      )
        continue;
      specs.push(st.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(st) && !st.isTypeOnly && ts.isExternalModuleReference(st.moduleReference)) {
      specs.push(st.moduleReference.expression.text);
    }
  }
  return specs;
}

/** file → the project files it imports values from. */
export function buildGraph(files = sources()) {
  const inProject = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const edges = new Set();
    for (const spec of valueImports(fs.readFileSync(file, "utf8"), file)) {
      const r = ts.resolveModuleName(spec, file, options, host).resolvedModule;
      if (r && !r.isExternalLibraryImport && inProject.has(path.resolve(r.resolvedFileName)))
        edges.add(path.resolve(r.resolvedFileName));
    }
    graph.set(file, [...edges]);
  }
  return graph;
}

/** Tarjan's strongly connected components (iterative: deep graphs do not overflow the stack). */
export function cycles(graph) {
  let index = 0;
  const idx = new Map(),
    low = new Map(),
    onStack = new Set(),
    stack = [],
    comps = [];
  for (const start of graph.keys()) {
    if (idx.has(start)) continue;
    const work = [[start, 0]];
    idx.set(start, index);
    low.set(start, index);
    index++;
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [v, i] = frame;
      const edges = graph.get(v) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const w = edges[i];
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index);
          index++;
          stack.push(w);
          onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
      } else {
        work.pop();
        if (work.length) {
          const p = work[work.length - 1][0];
          low.set(p, Math.min(low.get(p), low.get(v)));
        }
        if (low.get(v) === idx.get(v)) {
          const comp = [];
          let w;
          do {
            w = stack.pop();
            onStack.delete(w);
            comp.push(w);
          } while (w !== v);
          if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) comps.push(comp);
        }
      }
    }
  }
  return comps;
}

/** One concrete cycle inside a component: a shortest path from its first module back to itself. */
function witness(graph, comp) {
  const inComp = new Set(comp);
  const start = comp.slice().sort()[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inComp.has(w)) continue;
      if (w === start) {
        const chain = [];
        for (let u = v; u !== null; u = prev.get(u)) chain.unshift(u);
        return [...chain, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = buildGraph();
  const comps = cycles(graph);
  const rel = (f) => path.relative(root, f);
  if (process.argv.includes("--json")) {
    const edges = [...graph.values()].reduce((n, e) => n + e.length, 0);
    console.log(JSON.stringify({ modules: graph.size, edges, cycles: comps.map((c) => c.map(rel).sort()) }, null, 2));
  } else if (comps.length) {
    console.error(
      `${comps.length} import cycle${comps.length > 1 ? "s" : ""} among our modules (value imports; use \`import type\` or move the shared part down a layer):`,
    );
    for (const comp of comps) {
      console.error(`\n  ${comp.length} modules: ${comp.map(rel).sort().join(", ")}`);
      console.error(`  e.g. ${witness(graph, comp).map(rel).join(" → ")}`);
    }
  } else {
    console.log(`no import cycles among ${graph.size} modules`);
  }
  process.exit(comps.length ? 1 : 0);
}

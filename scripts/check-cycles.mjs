#!/usr/bin/env node
// No import cycles of any kind among our own modules (app/, components/, lib/, scripts/, cli/).
//
// Every import is an edge: value imports and re-exports, type-only ones (`import type`,
// `export type … from`, `import { type X }`, `import("…").T` in a type) and dynamic ones
// (`import("…")`, `await import("…")`, `require("…")` with a literal specifier). A type-only
// cycle still ties two layers together, and a lazy import is still a lower layer reaching up:
// lower modules take what they need from higher ones through a registry the higher ones fill
// (e.g. `registerCollector` in lib/server/observability/metrics.ts), never through an import.
// Modules are resolved with TypeScript's own resolver and tsconfig.json (the `@/` alias
// included), and every strongly connected component of more than one module — or a module
// importing itself — is printed with one concrete cycle through it. Exit 1 when there is any.
//
// `npm run lint` runs it after ESLint; `node scripts/check-cycles.mjs --json` prints the graph's
// figures for docs/architecture.md.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const ROOTS = ["app", "components", "lib", "scripts", "cli", "instrumentation.ts"];
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

/**
 * Every import of one file, with its kind: `value` (a static import or re-export that carries a
 * value), `type` (one that carries only types, or an `import("…")` type) or `dynamic` (`import("…")`
 * or `require("…")` called with a literal).
 */
export function importsOf(text, fileName) {
  const sf = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found = [];
  const add = (node, kind) => {
    if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)))
      found.push({ spec: node.text, kind });
  };
  const allTypes = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && bindings && ts.isNamedImports(bindings) && allTypes(bindings.elements));
      add(st.moduleSpecifier, typeOnly ? "type" : "value");
    } else if (ts.isExportDeclaration(st)) {
      const named = st.exportClause && ts.isNamedExports(st.exportClause) ? st.exportClause.elements : [];
      add(st.moduleSpecifier, st.isTypeOnly || allTypes(named) ? "type" : "value");
    } else if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference)) {
      add(st.moduleReference.expression, st.isTypeOnly ? "type" : "value");
    }
  }
  // Dynamic imports, `require`s and `import("…")` types can sit anywhere: walk the tree, but only
  // in files that spell one (most do not).
  if (/\b(import|require)\s*\(/.test(text)) {
    const visit = (node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require"))
          add(node.arguments[0], "dynamic");
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal, "type");
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sf, visit);
  }
  return found;
}

/** The module specifiers of one file, every kind of import counted. */
export function moduleImports(text, fileName) {
  return importsOf(text, fileName).map((i) => i.spec);
}

/**
 * file → the project files it imports (values, types or lazily). `kinds`, when given, gets
 * "from\0to" → the kinds of import that edge stands for ("value", "type", "dynamic").
 */
export function buildGraph(files = sources(), kinds = new Map()) {
  const inProject = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const edges = new Set();
    for (const { spec, kind } of importsOf(fs.readFileSync(file, "utf8"), file)) {
      const r = ts.resolveModuleName(spec, file, options, host).resolvedModule;
      if (!r || r.isExternalLibraryImport) continue;
      const to = path.resolve(r.resolvedFileName);
      if (!inProject.has(to)) continue;
      edges.add(to);
      const key = `${file}\0${to}`;
      kinds.set(key, [...new Set([...(kinds.get(key) ?? []), kind])]);
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

/** A shortest cycle inside a component through `start` (a module importing itself: [start, start]). */
function cycleThrough(graph, inComp, start) {
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

/** Concrete cycles of a component, shortest first from each module not yet on one: together they pass every module. */
export function witnesses(graph, comp) {
  const inComp = new Set(comp);
  const seen = new Set();
  const out = [];
  for (const start of comp.slice().sort()) {
    if (seen.has(start)) continue;
    const chain = cycleThrough(graph, inComp, start);
    for (const m of chain) seen.add(m);
    out.push(chain);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kinds = new Map();
  const graph = buildGraph(undefined, kinds);
  const comps = cycles(graph);
  const rel = (f) => path.relative(root, f);
  if (process.argv.includes("--json")) {
    const edges = [...graph.values()].reduce((n, e) => n + e.length, 0);
    console.log(JSON.stringify({ modules: graph.size, edges, cycles: comps.map((c) => c.map(rel).sort()) }, null, 2));
  } else if (comps.length) {
    console.error(
      `${comps.length} import cycle${comps.length > 1 ? "s" : ""} among our modules (static, type and dynamic imports alike: move the shared part down a layer, or have the lower module take a registration):`,
    );
    const arrow = (from, to) => {
      const k = kinds.get(`${from}\0${to}`) ?? [];
      return k.length === 1 && k[0] === "value" ? " → " : ` →(${k.join("+")}) `;
    };
    for (const comp of comps) {
      console.error(`\n  ${comp.length} modules: ${comp.map(rel).sort().join(", ")}`);
      for (const chain of witnesses(graph, comp))
        console.error(`    ${chain.map((f, i) => (i ? arrow(chain[i - 1], f) : "") + rel(f)).join("")}`);
    }
  } else {
    console.log(`no import cycles among ${graph.size} modules`);
  }
  process.exit(comps.length ? 1 : 0);
}

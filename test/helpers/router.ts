// The app's route handlers found from the files under app/ (the same list Next.js routes), so
// tests can send a request to a path without naming a module: the authorization matrix and the
// bad-request corpus are generated from it, and a new route shows up in both.
import fs from "node:fs";
import path from "node:path";

export interface RouteFile {
  /** e.g. /api/v1/submissions/[id] */
  pattern: string;
  file: string;
  methods: string[];
  kind: "route" | "page";
}

const APP = path.resolve("app");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

/** Every route.ts (with the HTTP methods it exports) and page.tsx of the app. */
export function listRoutes(): RouteFile[] {
  return walk(APP)
    .filter((f) => /\/(route\.tsx?|page\.tsx)$/.test(f))
    .map((file) => {
      const rel = path
        .relative(APP, path.dirname(file))
        .split(path.sep)
        .filter((s) => s && !/^\(.*\)$/.test(s));
      const pattern = `/${rel.join("/")}`;
      const kind = /route\.tsx?$/.test(file) ? ("route" as const) : ("page" as const);
      const src = fs.readFileSync(file, "utf8");
      const methods =
        kind === "page"
          ? ["GET"]
          : METHODS.filter((m) =>
              new RegExp(`export (const|async function|function) ${m}\\b|export \\{[^}]*\\bas ${m}\\b`).test(src),
            );
      return { pattern: pattern === "/" ? "/" : pattern, file, methods, kind };
    })
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

function matchPattern(pattern: string, pathname: string): Record<string, string | string[]> | null {
  const ps = pattern.split("/").filter(Boolean);
  const xs = pathname.split("/").filter(Boolean);
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    const rest = /^\[\.\.\.(\w+)\]$/.exec(p);
    if (rest) {
      params[rest[1]] = xs.slice(i).map(decodeURIComponent);
      return xs.length > i ? params : null;
    }
    if (i >= xs.length) return null;
    const dyn = /^\[(\w+)\]$/.exec(p);
    if (dyn) params[dyn[1]] = decodeURIComponent(xs[i]);
    else if (p !== xs[i]) return null;
  }
  return ps.length === xs.length ? params : null;
}

/** Sends a Request to the route handler its path names (static segments win over dynamic ones). */
export async function dispatch(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const candidates = listRoutes()
    .filter((r) => r.kind === "route")
    .map((r) => ({ r, params: matchPattern(r.pattern, url.pathname) }))
    .filter((x) => x.params)
    .sort((a, b) => (a.r.pattern.match(/\[/g)?.length ?? 0) - (b.r.pattern.match(/\[/g)?.length ?? 0));
  const hit = candidates[0];
  if (!hit) return Response.json({ error: { code: "not_found", message: "no route" } }, { status: 404 });
  const mod = (await import(/* @vite-ignore */ hit.r.file)) as Record<
    string,
    (req: Request, ctx: { params: Promise<unknown> }) => Promise<Response>
  >;
  const handler = mod[req.method];
  if (!handler) return new Response(null, { status: 405 });
  return handler(req, { params: Promise.resolve(hit.params) });
}

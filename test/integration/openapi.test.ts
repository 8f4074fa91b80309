// The OpenAPI document covers every route under app/api/v1 — generated from the file system, so a
// new route without an entry fails — and is valid OpenAPI 3.1 in the parts clients rely on.
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { OPERATIONS } from "@/lib/openapi";
import { listRoutes } from "../helpers/router";
import { ctx, getRequest } from "../helpers/requests";

const toOpenApi = (pattern: string) => pattern.replace(/\[(\w+)\]/g, "{$1}");

describe("GET /api/v1/openapi.json", () => {
  const routes = listRoutes()
    .filter((r) => r.kind === "route" && r.pattern.startsWith("/api/v1"))
    .flatMap((r) => r.methods.map((m) => `${m.toLowerCase()} ${toOpenApi(r.pattern)}`));
  const documented = OPERATIONS.map((o) => `${o.method} ${o.path}`);

  it("documents every route under app/api/v1, and no route that is gone", () => {
    expect(routes.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((d) => !routes.includes(d))).toEqual([]);
    expect(routes.length).toBeGreaterThan(25);
  });

  it("is OpenAPI 3.1 with schemas from the validators", async () => {
    const res = await GET(getRequest("/api/v1/openapi.json"), ctx({}));
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    const upload = doc.paths["/api/v1/tasks/{benchmark}/{task}/submissions"].post;
    const form = upload.requestBody.content["multipart/form-data"].schema;
    expect(form.required).toEqual(expect.arrayContaining(["model", "file"]));
    expect(form.properties.visibility.enum).toEqual(["public", "private"]);
    expect(form.properties.file).toEqual({ type: "string", format: "binary" });
    const signup = doc.paths["/api/v1/signup"].post.requestBody.content["application/json"].schema;
    expect(signup.properties.password.minLength).toBe(10);
    const patch = doc.paths["/api/v1/submissions/{id}"].patch;
    expect(patch.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
    const ids = new Set<string>();
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, { operationId: string; responses: object; parameters: { name: string; in: string }[] }>>)) {
      for (const op of Object.values(ops)) {
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        // every {param} of the path is a path parameter
        for (const m of p.matchAll(/\{(\w+)\}/g)) expect(op.parameters.some((x) => x.in === "path" && x.name === m[1]), `${p} ${m[1]}`).toBe(true);
      }
    }
  });
});

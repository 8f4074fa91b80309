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
    for (const [p, ops] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { operationId: string; responses: object; parameters: { name: string; in: string }[] }>
      >,
    )) {
      for (const op of Object.values(ops)) {
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        // every {param} of the path is a path parameter
        for (const m of p.matchAll(/\{(\w+)\}/g))
          expect(
            op.parameters.some((x) => x.in === "path" && x.name === m[1]),
            `${p} ${m[1]}`,
          ).toBe(true);
      }
    }
  });

  it("answers carry lib/contracts' response schemas, and every $ref resolves inside the document", async () => {
    const doc = await (await GET(getRequest("/api/v1/openapi.json"), ctx({}))).json();
    const upload = doc.paths["/api/v1/tasks/{benchmark}/{task}/submissions"].post.responses;
    expect(upload["202"].content["application/json"].schema.properties.status).toMatchObject({ const: "queued" });
    expect(upload["201"].content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["id", "status", "metrics", "validation"]),
    );
    const sub = doc.paths["/api/v1/submissions/{id}"].get.responses["200"].content["application/json"].schema;
    expect(sub.properties.metrics).toEqual({ $ref: "#/components/schemas/Metrics" });
    expect(
      doc.paths["/api/v1/jobs/{id}"].get.responses["200"].content["application/json"].schema.properties.status.enum,
    ).toEqual(["queued", "running", "done", "failed"]);
    expect(OPERATIONS.filter((o) => o.returns).length).toBeGreaterThanOrEqual(8);
    const refs = new Set<string>();
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) return v.forEach(walk);
      if (!v || typeof v !== "object") return;
      for (const [k, x] of Object.entries(v)) {
        if (k === "$ref" && typeof x === "string") refs.add(x);
        else walk(x);
      }
    };
    walk(doc);
    for (const r of refs) {
      expect(r.startsWith("#/components/schemas/"), r).toBe(true);
      expect(doc.components.schemas[r.slice("#/components/schemas/".length)], r).toBeDefined();
    }
    expect(JSON.stringify(doc)).not.toContain("$defs");
  });
});

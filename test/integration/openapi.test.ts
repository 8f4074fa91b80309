// The OpenAPI document covers every route under app/api/v1 — generated from the file system, so a
// new route without an entry fails — documents every JSON answer with lib/contracts' schema, and
// is valid OpenAPI 3.1 in the parts clients rely on.
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { OPERATIONS, successTypes } from "@/lib/openapi";
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
    // 202: queued for a worker, or judging by the server's judge
    expect(
      upload["202"].content["application/json"].schema.anyOf.map(
        (s: { properties: { status: object } }) => s.properties.status,
      ),
    ).toEqual([expect.objectContaining({ const: "queued" }), expect.objectContaining({ const: "judging" })]);
    expect(upload["201"].content["application/json"].schema.required).toEqual(
      expect.arrayContaining(["id", "status", "metrics", "validation"]),
    );
    const sub = doc.paths["/api/v1/submissions/{id}"].get.responses["200"].content["application/json"].schema;
    expect(sub.properties.metrics).toEqual({ $ref: "#/components/schemas/Metrics" });
    expect(
      doc.paths["/api/v1/jobs/{id}"].get.responses["200"].content["application/json"].schema.properties.status.enum,
    ).toEqual(["queued", "running", "done", "failed"]);
    expect(OPERATIONS.filter((o) => o.returns).length).toBeGreaterThanOrEqual(40);
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

  it("gives every JSON answer a schema: each success with a body, unless the operation answers no JSON", async () => {
    // what `returns` says: a success status with a body (not 204, not 3xx) of an operation that
    // answers JSON has its contract; every status it names is one the operation answers
    const missing = OPERATIONS.flatMap((o) =>
      Object.keys(o.responses)
        .map(Number)
        .filter((s) => s >= 200 && s < 300 && s !== 204)
        .filter(() => successTypes(o).includes("application/json"))
        .filter((s) => !o.returns?.[s])
        .map((s) => `${o.method} ${o.path} ${s}`),
    );
    expect(missing).toEqual([]);
    const unlisted = OPERATIONS.flatMap((o) =>
      Object.keys(o.returns ?? {})
        .filter((s) => !(s in o.responses))
        .map((s) => `${o.method} ${o.path} ${s}`),
    );
    expect(unlisted).toEqual([]);
    // and the document: every answer with a JSON body carries a schema, every other success a media type
    const doc = await (await GET(getRequest("/api/v1/openapi.json"), ctx({}))).json();
    const bare: string[] = [];
    for (const [p, ops] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema?: object }> }> }>
      >,
    ))
      for (const [m, op] of Object.entries(ops))
        for (const [status, r] of Object.entries(op.responses)) {
          const s = Number(status);
          if (s === 204 || (s >= 300 && s < 400)) continue;
          if (!r.content || !Object.values(r.content).every((c) => c.schema)) bare.push(`${m} ${p} ${status}`);
        }
    expect(bare).toEqual([]);
    const health = doc.paths["/api/v1/health"].get.responses;
    expect(health["503"].content["application/json"].schema.properties.ok).toMatchObject({ const: false });
    const eee = doc.paths["/api/v1/snapshots/{id}/eee"].get.responses["200"].content;
    expect(eee).toEqual({ "application/x-ndjson": { schema: { type: "string" } } });
  });
});

// Proves prisma/schema.prisma and the SQL migrations agree: Prisma's DMMF (computed offline by
// its WASM schema parser) against the catalog of a database migrated by our runner.
import fs from "node:fs";
import internals from "@prisma/internals";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/db";

type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: string;
  type: string;
  isRequired: boolean;
  isList: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
};
type DmmfModel = { name: string; dbName: string | null; fields: DmmfField[] };
type DmmfIndex = {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  fields: { name: string; sortOrder?: string }[];
};

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dmmf: { models: DmmfModel[]; enums: { name: string; values: { name: string }[] }[]; indexes: DmmfIndex[] };

beforeAll(async () => {
  db = await createTestDatabase();
  const { getDMMF } = internals as unknown as {
    getDMMF: (o: { datamodel: string }) => Promise<{ datamodel: typeof dmmf }>;
  };
  const schema = fs.readFileSync("prisma/schema.prisma", "utf8");
  dmmf = (await getDMMF({ datamodel: schema })).datamodel;
  const ignored = ignoredFields(schema);
  for (const m of dmmf.models) m.fields.push(...(ignored.get(m.name) ?? []));
});
afterAll(async () => db?.drop());

/**
 * The scalar fields marked `@ignore` (columns kept in the table for one release while the client
 * no longer names them: expand, then contract): the DMMF leaves them out, so they are read off the
 * schema's text, as `model → fields`.
 */
function ignoredFields(schema: string): Map<string, DmmfField[]> {
  const out = new Map<string, DmmfField[]>();
  for (const [, model, body] of schema.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    for (const line of body.split("\n")) {
      const m = /^\s*(\w+)\s+(\w+)(\?)?\s.*@ignore\b/.exec(line);
      if (!m || line.includes("@@ignore")) continue;
      const native = /@db\.(\w+)/.exec(line)?.[1];
      const f: DmmfField = {
        name: m[1],
        dbName: /@map\("([^"]+)"\)/.exec(line)?.[1] ?? null,
        kind: "scalar",
        type: m[2],
        isRequired: !m[3],
        isList: false,
        nativeType: native ? [native, []] : null,
      };
      out.set(model, [...(out.get(model) ?? []), f]);
    }
  }
  return out;
}

const table = (m: DmmfModel) => m.dbName ?? m.name;
const col = (f: DmmfField) => f.dbName ?? f.name;

function expectedType(f: DmmfField): string {
  // PostgreSQL names an array type after its element type with a leading underscore (text[]: _text)
  if (f.isList) return `_${expectedType({ ...f, isList: false })}`;
  if (f.kind === "enum") return f.type;
  const native = f.nativeType?.[0];
  if (native === "Uuid") return "uuid";
  if (native === "Timestamptz") return "timestamptz";
  return (
    {
      String: "text",
      Int: "int4",
      BigInt: "int8",
      Float: "float8",
      Boolean: "bool",
      DateTime: "timestamp",
      Json: "jsonb",
      Bytes: "bytea",
    } as Record<string, string>
  )[f.type];
}

describe("schema.prisma ⇔ migrations", () => {
  it("the same tables", async () => {
    const rows = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(dmmf.models.map(table).sort());
  });

  it("the same enums and values", async () => {
    const rows = await db.query<{ typname: string; enumlabel: string }>(
      `SELECT t.typname, e.enumlabel FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY t.typname, e.enumsortorder`,
    );
    const got: Record<string, string[]> = {};
    for (const r of rows) (got[r.typname] ??= []).push(r.enumlabel);
    const want = Object.fromEntries(dmmf.enums.map((e) => [e.name, e.values.map((v) => v.name)]));
    expect(got).toEqual(want);
  });

  it("the same columns, types and nullability", async () => {
    const rows = await db.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
      `SELECT c.table_name, c.column_name, c.udt_name, c.is_nullable FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'`,
    );
    const got = rows
      .map((r) => `${r.table_name}.${r.column_name}: ${r.udt_name}${r.is_nullable === "YES" ? "?" : ""}`)
      .sort();
    const want = dmmf.models
      .flatMap((m) =>
        m.fields
          .filter((f) => f.kind !== "object")
          .map((f) => `${table(m)}.${col(f)}: ${expectedType(f)}${f.isRequired ? "" : "?"}`),
      )
      .sort();
    expect(got).toEqual(want);
  });

  it("the same primary keys, unique and plain indexes", async () => {
    const rows = await db.query<{ tbl: string; cols: string; uniq: boolean; pk: boolean }>(
      `SELECT c.relname AS tbl, i.indisunique AS uniq, i.indisprimary AS pk,
              (SELECT string_agg(a.attname, ',' ORDER BY k.ord) FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                 JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum) AS cols
         FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname <> '_prisma_migrations'`,
    );
    const got = rows.map((r) => `${r.tbl}(${r.cols}) ${r.pk ? "pk" : r.uniq ? "unique" : "index"}`).sort();
    const byModel = new Map(dmmf.models.map((m) => [m.name, m]));
    const want = dmmf.indexes
      .map((ix) => {
        const m = byModel.get(ix.model)!;
        const cols = ix.fields.map((f) => col(m.fields.find((x) => x.name === f.name)!)).join(",");
        return `${table(m)}(${cols}) ${ix.type === "id" ? "pk" : ix.type === "unique" ? "unique" : "index"}`;
      })
      .sort();
    expect(got).toEqual(want);
  });

  it("the same foreign keys and delete rules", async () => {
    const rows = await db.query<{ tbl: string; cols: string; ref: string; del: string }>(
      `SELECT c.conrelid::regclass::text AS tbl, c.confrelid::regclass::text AS ref, c.confdeltype AS del,
              (SELECT string_agg(a.attname, ',') FROM unnest(c.conkey) k JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k) AS cols
         FROM pg_constraint c WHERE c.contype = 'f'`,
    );
    const rule: Record<string, string> = { a: "NoAction", r: "Restrict", c: "Cascade", n: "SetNull", d: "SetDefault" };
    const got = rows
      .map((r) => `${r.tbl.replace(/"/g, "")}(${r.cols}) → ${r.ref.replace(/"/g, "")} ${rule[r.del]}`)
      .sort();
    const byModel = new Map(dmmf.models.map((m) => [m.name, m]));
    const want = dmmf.models
      .flatMap((m) =>
        m.fields
          .filter((f) => f.kind === "object" && f.relationFromFields?.length)
          .map((f) => {
            const cols = f.relationFromFields!.map((n) => col(m.fields.find((x) => x.name === n)!)).join(",");
            return `${table(m)}(${cols}) → ${table(byModel.get(f.type)!)} ${f.relationOnDelete ?? "NoAction"}`;
          }),
      )
      .sort();
    expect(got).toEqual(want);
  });

  it("records applied migrations the way Prisma does", async () => {
    const rows = await db.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT * FROM "_prisma_migrations"`,
    );
    const dirs = fs
      .readdirSync("prisma/migrations")
      .filter((d) => fs.existsSync(`prisma/migrations/${d}/migration.sql`));
    expect(rows.map((r) => r.migration_name).sort()).toEqual(dirs.sort());
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum) && r.finished_at)).toBe(true);
  });
});

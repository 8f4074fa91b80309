import type { z, ZodType } from "zod";
import { log } from "@/lib/server/observability";

/**
 * A JSON answer that is one of lib/contracts' response schemas: the compiler checks the body
 * against it, and outside production (development, every test) the schema parses it too — a value
 * it refuses, or a field it does not name, throws — so an answer that drifts from its contract
 * (and from the OpenAPI document built from the same schema) fails the tests that exercise it
 * instead of surprising a client. `init` carries the status and headers (Location, ETag, quota,
 * caching) as for `Response.json`.
 */
export function respond<S extends ZodType>(schema: S, body: z.output<S>, init?: ResponseInit): Response {
  checkContract(schema, body);
  return Response.json(body, init);
}

/**
 * respond()'s check, for a JSON answer sent as bytes written before (a snapshot's manifest: its
 * SHA-256 is its id; a prediction template laid out one instance per line): outside production,
 * throws when `body` is not what the schema describes — a value it refuses, or a field it does not
 * name.
 */
export function checkContract<S extends ZodType>(schema: S, body: z.output<S>): void {
  if (process.env.NODE_ENV === "production") return;
  const r = schema.safeParse(body);
  const problems = r.success
    ? unnamedFields(body, r.data).map((p) => `${p}: a field the contract does not name`)
    : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  if (problems.length) {
    log.error({ problems: problems.slice(0, 5) }, "response does not match its contract");
    throw new Error(`response does not match its contract: ${problems.slice(0, 10).join("; ")}`);
  }
}

/**
 * The fields of `sent` that the schema's output dropped (a plain object schema strips what it does
 * not name): where the answer carries more than its contract says. Paths as `rows[3].extra`.
 */
function unnamedFields(sent: unknown, parsed: unknown, path = "", out: string[] = []): string[] {
  // the same value back (z.unknown()): nothing was dropped
  if (out.length >= 10 || sent === parsed || !parsed || typeof parsed !== "object") return out;
  if (Array.isArray(sent)) {
    if (Array.isArray(parsed)) sent.forEach((v, i) => unnamedFields(v, parsed[i], `${path}[${i}]`, out));
    return out;
  }
  if (!isPlainObject(sent)) return out;
  const kept = parsed as Record<string, unknown>;
  for (const [k, v] of Object.entries(sent)) {
    // JSON leaves these out
    if (v === undefined || typeof v === "function") continue;
    const at = path ? `${path}.${k}` : k;
    if (!(k in kept)) out.push(at);
    else unnamedFields(v, kept[k], at, out);
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (!v || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { openApiDocument, OPERATIONS } from "@/lib/openapi";
import { getDb } from "@/lib/server/db";
import { publicUrl } from "@/lib/server/http";
import { publicSigningKeys, type PublicKeyView } from "@/lib/server/snapshots";

export const metadata: Metadata = { title: "API reference" };
// the signing keys are read per request: a rotation shows at once
export const dynamic = "force-dynamic";

const TONE = { get: "blue", post: "green", patch: "amber", delete: "red" } as const;
type OperationDoc = {
  parameters: { name: string; in: string; required: boolean; schema: unknown }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
};

/** A browsable rendering of /api/v1/openapi.json: every operation, who may call it, its parameters and body schema. */
export default async function ApiDocsPage() {
  const doc = openApiDocument(publicUrl());
  const keys = await publicSigningKeys(await getDb());
  const tags = [...new Set(OPERATIONS.map((o) => o.tag))];
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold">API reference</h1>
      <p className="text-sm">
        {doc.info.description} The machine-readable document: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>{" "}
        (OpenAPI 3.1). Authenticate with <code>Authorization: Bearer $TOKEN</code>.
      </p>
      <nav aria-label="Sections" className="flex flex-wrap gap-3 text-sm">
        {tags.map((t) => (
          <a key={t} href={`#${t}`}>
            {t}
          </a>
        ))}
      </nav>
      <SigningKeys keys={keys} />
      {tags.map((tag) => (
        <section key={tag} id={tag} aria-labelledby={`h-${tag}`} className="space-y-3">
          <h2 id={`h-${tag}`} className="text-lg font-semibold capitalize">
            {tag}
          </h2>
          {OPERATIONS.filter((o) => o.tag === tag).map((o) => {
            const op = (doc.paths[o.path] as Record<string, OperationDoc>)[o.method];
            const id = `${o.method}-${o.path}`.replace(/[^a-z0-9]+/gi, "-");
            return <Operation key={id} id={id} o={o} op={op} />;
          })}
        </section>
      ))}
    </div>
  );
}

/** One operation: its method and path, who may call it, its parameters, its body's schema and its responses. */
function Operation({ id, o, op }: { id: string; o: (typeof OPERATIONS)[number]; op: OperationDoc }) {
  return (
    <details id={id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800" data-testid="operation">
      <summary className="flex cursor-pointer flex-wrap items-center gap-2">
        <Badge tone={TONE[o.method]}>{o.method.toUpperCase()}</Badge>
        <code className="text-sm break-all">{o.path}</code>
        <span className="text-sm text-muted">{o.summary}</span>
      </summary>
      <div className="mt-2 space-y-2 text-sm">
        <p>
          Who: <strong>{o.access}</strong>
        </p>
        {op.parameters.length ? <ParametersTable parameters={op.parameters} /> : null}
        {op.requestBody
          ? Object.entries(op.requestBody.content).map(([type, c]) => (
              <div key={type}>
                <p>
                  Body (<code>{type}</code>):
                </p>
                <pre className="overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900">
                  {JSON.stringify(c.schema, null, 2)}
                </pre>
              </div>
            ))
          : null}
        <ul className="text-xs">
          {Object.entries(o.responses).map(([s, d]) => (
            <li key={s}>
              <code>{s}</code> {d}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

function ParametersTable({ parameters }: { parameters: OperationDoc["parameters"] }) {
  return (
    <table className="min-w-full text-xs">
      <thead>
        <tr className="text-left text-muted">
          <th className="pr-3">parameter</th>
          <th className="pr-3">in</th>
          <th className="pr-3">required</th>
          <th>schema</th>
        </tr>
      </thead>
      <tbody>
        {parameters.map((p) => (
          <tr key={`${p.in}-${p.name}`} className="border-t border-slate-100 align-top dark:border-slate-800">
            <td className="pr-3 font-mono">{p.name}</td>
            <td className="pr-3">{p.in}</td>
            <td className="pr-3">{p.required ? "yes" : "no"}</td>
            <td className="font-mono break-all">{JSON.stringify(p.schema)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The keys snapshots are signed with (issue 48): what a reader compares a verifier's key with. */
function SigningKeys({ keys }: { keys: PublicKeyView[] }) {
  return (
    <section id="signing-keys" aria-labelledby="h-signing-keys" className="space-y-2 text-sm">
      <h2 id="h-signing-keys" className="text-lg font-semibold">
        Snapshot signing keys
      </h2>
      <p>
        Each snapshot&apos;s manifest is signed with Ed25519: its signature at{" "}
        <code>/api/v1/snapshots/&#123;id&#125;/signature</code>, these keys at{" "}
        <a href="/.well-known/leaderboard-keys.json">/.well-known/leaderboard-keys.json</a>. A key&apos;s id is the
        first 16 hex digits of its fingerprint (the SHA-256 of the raw 32-byte key). A retired key&apos;s signatures
        still verify.
      </p>
      <table className="min-w-full text-xs" data-testid="signing-keys">
        <thead>
          <tr className="text-left text-muted">
            <th className="pr-3">key id</th>
            <th className="pr-3">public key (base64)</th>
            <th className="pr-3">fingerprint (SHA-256)</th>
            <th>status</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.keyId} className="border-t border-slate-100 align-top dark:border-slate-800">
              <td className="pr-3 font-mono">{k.keyId}</td>
              <td className="pr-3 font-mono break-all">{k.publicKey}</td>
              <td className="pr-3 font-mono break-all">{k.fingerprint}</td>
              <td>{k.retired ? `retired ${k.retired.slice(0, 10)}` : "active"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

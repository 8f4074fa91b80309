"use client";

import { useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { CodeBlock } from "@/components/ui/code-block";

interface Token {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Lists the team's API tokens and creates new ones (the secret is shown once). */
export function TokenManager({ initial }: { initial: Token[] }) {
  const [tokens, setTokens] = useState(initial);
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function create(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") || "api token");
    const res = await fetch("/api/v1/tokens", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    const body = await res.json();
    if (res.status !== 201) return setError(body.error?.message ?? "could not create a token");
    setError(null);
    setFresh(body.token);
    setTokens([
      { id: body.id, name, prefix: body.prefix, createdAt: new Date().toISOString(), lastUsedAt: null },
      ...tokens,
    ]);
  }
  async function revoke(t: Token) {
    if (!confirm(`Revoke token ${t.prefix}… (${t.name})? Scripts using it stop working.`)) return;
    const res = await fetch(`/api/v1/tokens/${t.id}`, { method: "DELETE" });
    if (res.status !== 204)
      return setError((await res.json().catch(() => ({}))).error?.message ?? "could not revoke the token");
    setTokens(tokens.filter((x) => x.id !== t.id));
  }
  return (
    <div className="space-y-3">
      <form onSubmit={create} className="flex gap-2">
        <input
          name="name"
          placeholder="token name, e.g. ci"
          className="rounded border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="submit"
          className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-800"
        >
          Create API token
        </button>
      </form>
      {error ? <p className="text-sm text-rose-700">{error}</p> : null}
      {fresh ? (
        <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
          <p className="flex flex-wrap items-center gap-2">
            Copy it now; it is shown only once: <CopyButton text={fresh} label="Copy token" testId="copy-token" />
          </p>
          <code className="mt-1 block break-all font-mono" data-testid="new-token">
            {fresh}
          </code>
          <UploadExample token={fresh} />
        </div>
      ) : null}
      <ul className="text-sm">
        {tokens.map((t) => (
          <li key={t.id} className="border-t border-slate-100 py-1 dark:border-slate-800">
            <code>{t.prefix}…</code> {t.name} · created {t.createdAt.slice(0, 10)}
            {t.lastUsedAt ? ` · last used ${t.lastUsedAt.slice(0, 10)}` : " · never used"}
            <button
              type="button"
              onClick={() => revoke(t)}
              className="ml-3 text-xs text-rose-700 hover:underline dark:text-rose-400"
              aria-label={`Revoke token ${t.prefix}`}
            >
              revoke
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How the new token uploads a file: the README's curl command with this token and this host, ready to copy. */
function UploadExample({ token }: { token: string }) {
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const command = [
    `curl -H "Authorization: Bearer ${token}" \\`,
    `  -F file=@preds.json -F model=my-bouncer -F visibility=private \\`,
    `  ${origin}/api/v1/tasks/bouncerbench/input/submissions`,
  ].join("\n");
  return (
    <div className="mt-2" data-testid="token-curl">
      <p className="flex flex-wrap items-center gap-2">
        Upload with it (any task: <code>/api/v1/tasks/{"{benchmark}/{task}"}/submissions</code>; the CLI takes it as{" "}
        <code>LEADERBOARD_TOKEN</code>): <CopyButton text={command} label="Copy command" testId="copy-curl" />
      </p>
      <CodeBlock label="An upload with this token">{command}</CodeBlock>
    </div>
  );
}

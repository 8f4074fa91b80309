"use client";

import { useActionState } from "react";
import { createTokenAction, revokeTokenAction, type TokenFormState } from "@/app/account/token-actions";
import { CopyButton } from "@/components/ui/copy-button";
import { CodeBlock } from "@/components/ui/code-block";

interface Token {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Lists the team's API tokens and creates new ones (the secret is shown once). The forms are the
 * account page's server functions (app/account/token-actions.ts), so they work without
 * JavaScript: the page posts to itself and comes back with the answer and the list as it now is.
 */
export function TokenManager({ tokens, origin }: { tokens: Token[]; origin: string }) {
  const [made, create, creating] = useActionState(createTokenAction, null);
  const [gone, revoke, revoking] = useActionState(revokeTokenAction, null);
  return (
    <div className="space-y-3">
      <form action={create} className="flex gap-2">
        <input
          name="name"
          aria-label="Token name"
          placeholder="token name, e.g. ci"
          maxLength={80}
          className="rounded border border-slate-300 px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        <button
          type="submit"
          disabled={creating}
          className="rounded-md bg-sky-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        >
          Create API token
        </button>
      </form>
      <FormMessage state={made} />
      {made?.created ? <NewToken token={made.created.token} origin={origin} /> : null}
      <FormMessage state={gone} />
      {gone?.revoked ? (
        <p className="text-sm" role="status" data-testid="token-revoked">
          Revoked <code>{gone.revoked.prefix}…</code> ({gone.revoked.name}): scripts using it no longer get in.
        </p>
      ) : null}
      <ul className="text-sm" data-testid="tokens">
        {tokens.map((t) => (
          <li key={t.id} className="border-t border-slate-100 py-1 dark:border-slate-800">
            <code>{t.prefix}…</code> {t.name} · created {t.createdAt.slice(0, 10)}
            {t.lastUsedAt ? ` · last used ${t.lastUsedAt.slice(0, 10)}` : " · never used"}
            <form
              action={revoke}
              className="ml-3 inline"
              onSubmit={(e) => {
                // with JavaScript, a second thought first (without it, the button revokes)
                if (!confirm(`Revoke token ${t.prefix}… (${t.name})? Scripts using it stop working.`))
                  e.preventDefault();
              }}
            >
              <input type="hidden" name="id" value={t.id} />
              <button
                type="submit"
                disabled={revoking}
                className="text-xs text-rose-700 hover:underline disabled:opacity-50 dark:text-rose-400"
                aria-label={`Revoke token ${t.prefix}`}
              >
                revoke
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  );
}

function FormMessage({ state }: { state: TokenFormState | null }) {
  return state?.error ? (
    <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
      {state.error}
    </p>
  ) : null;
}

/** The secret of a token just created, this once, with an upload that uses it. */
function NewToken({ token, origin }: { token: string; origin: string }) {
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
      <p className="flex flex-wrap items-center gap-2">
        Copy it now; it is shown only once: <CopyButton text={token} label="Copy token" testId="copy-token" />
      </p>
      <code className="mt-1 block break-all font-mono" data-testid="new-token">
        {token}
      </code>
      <UploadExample token={token} origin={origin} />
    </div>
  );
}

/** How the new token uploads a file: the README's curl command with this token and this host, ready to copy. */
function UploadExample({ token, origin }: { token: string; origin: string }) {
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

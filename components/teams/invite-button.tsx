"use client";

import { useState } from "react";

/** Creates a single-use invitation link and shows it to copy (owners). */
export function InviteButton({ team }: { team: string }) {
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function create() {
    setError(null);
    const res = await fetch(`/api/v1/teams/${team}/invitations`, { method: "POST" });
    const b = await res.json();
    if (!res.ok) return setError(b.error?.message ?? `failed (HTTP ${res.status})`);
    setLink(b);
  }
  return (
    <div className="space-y-2 text-sm">
      <button
        type="button"
        onClick={create}
        className="rounded-md bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800"
        data-testid="invite"
      >
        Create an invitation link
      </button>
      {link ? (
        <p>
          Send this link to your colleague; it works once, until {link.expiresAt.slice(0, 10)}:{" "}
          <input
            readOnly
            value={link.url}
            aria-label="Invitation link"
            className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
            data-testid="invite-url"
            onFocus={(e) => e.currentTarget.select()}
          />
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-rose-700 dark:text-rose-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

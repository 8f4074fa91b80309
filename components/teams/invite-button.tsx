"use client";

import { useActionState } from "react";
import { inviteAction } from "@/app/teams/[slug]/invite-action";

/**
 * Creates a single-use invitation link and shows it to copy (owners). A form posting to the team
 * page's server function (app/teams/[slug]/invite-action.ts): it works without JavaScript.
 */
export function InviteButton({ team }: { team: string }) {
  const [state, act, busy] = useActionState(inviteAction, null);
  return (
    <form action={act} className="space-y-2 text-sm">
      <input type="hidden" name="slug" value={team} />
      <button
        type="submit"
        disabled={busy}
        className="rounded-md bg-sky-700 px-3 py-1.5 font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        data-testid="invite"
      >
        Create an invitation link
      </button>
      {state?.link ? (
        <p>
          Send this link to your colleague; it works once, until {state.link.expiresAt.slice(0, 10)}:{" "}
          <input
            readOnly
            value={state.link.url}
            aria-label="Invitation link"
            className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
            data-testid="invite-url"
            onFocus={(e) => e.currentTarget.select()}
          />
        </p>
      ) : null}
      {state?.error ? (
        <p role="alert" className="text-rose-700 dark:text-rose-400">
          {state.error}
        </p>
      ) : null}
    </form>
  );
}

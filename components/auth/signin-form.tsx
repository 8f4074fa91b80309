"use client";

import { signIn } from "next-auth/react";
import { useActionState } from "react";
import { signInAction } from "@/app/signin/auth-actions";
import { EmailField, FormErrors } from "@/components/auth/auth-fields";
import { SubmitButton, TextField } from "@/components/ui/form-field";

/**
 * Email and password, sent to the sign-in page's server function (app/signin/auth-actions.ts): it
 * works without JavaScript (the page posts to itself and a success is a redirect to
 * `callbackUrl`); with JavaScript React sends it without a reload. GitHub, when configured, is
 * next-auth's own flow.
 */
export function SignInForm({ callbackUrl, github }: { callbackUrl: string; github: boolean }) {
  const [state, act, busy] = useActionState(signInAction, null);
  return (
    <div className="space-y-4">
      {/* POST: the password is never put in a URL */}
      <form action={act} className="space-y-3">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <EmailField typed={state?.email} />
        <TextField label="Password" name="password" type="password" required autoComplete="current-password" />
        <FormErrors errors={state?.errors} />
        <SubmitButton busy={busy} busyLabel="Signing in…" wide>
          Sign in
        </SubmitButton>
      </form>
      {github ? (
        <button
          type="button"
          onClick={() => signIn("github", { callbackUrl })}
          className="w-full rounded-md border border-slate-300 px-4 py-2 dark:border-slate-700"
        >
          Sign in with GitHub
        </button>
      ) : null}
    </div>
  );
}

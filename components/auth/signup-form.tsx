"use client";

import { useActionState } from "react";
import { signUpAction } from "@/app/signin/auth-actions";
import { EmailField, FormErrors } from "@/components/auth/auth-fields";
import { SubmitButton, TextField } from "@/components/ui/form-field";

/**
 * Creates an account (and its team) through the sign-up page's server function
 * (app/signin/auth-actions.ts), signed in at once; then `callbackUrl` (an invitation, say) or the
 * account page. Works without JavaScript: the page posts to itself.
 */
export function SignUpForm({ callbackUrl }: { callbackUrl?: string }) {
  const [state, act, busy] = useActionState(signUpAction, null);
  return (
    // POST: the password is never put in a URL
    <form action={act} className="space-y-3">
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <TextField
        label="Name (also your team's name)"
        name="name"
        required
        maxLength={80}
        defaultValue={state?.name}
        key={`n${state?.name}`}
      />
      <EmailField typed={state?.email} />
      <TextField
        label="Password (at least 10 characters)"
        name="password"
        type="password"
        required
        minLength={10}
        autoComplete="new-password"
      />
      <FormErrors errors={state?.errors} />
      <SubmitButton busy={busy} busyLabel="Creating…" wide>
        Create account
      </SubmitButton>
    </form>
  );
}

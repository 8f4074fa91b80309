"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { SubmitButton, TextField } from "@/components/ui/form-field";

export function SignInForm({ callbackUrl, github }: { callbackUrl: string; github: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    const res = await signIn("credentials", { redirect: false, email: fd.get("email"), password: fd.get("password") });
    setBusy(false);
    if (res?.ok && !res.error) window.location.assign(callbackUrl);
    else if (res?.status === 429) setError("Too many failed sign-ins. Wait a few minutes, then try again.");
    else setError("Wrong email or password.");
  }
  return (
    <div className="space-y-4">
      {/* POST: a browser without scripts that submits it never puts the password in a URL */}
      <form method="post" onSubmit={onSubmit} className="space-y-3">
        <noscript>
          <p className="text-sm text-rose-700 dark:text-rose-400">Signing in needs JavaScript in this version.</p>
        </noscript>
        <TextField label="Email" name="email" type="email" required autoComplete="email" />
        <TextField label="Password" name="password" type="password" required autoComplete="current-password" />
        {error ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
            {error}
          </p>
        ) : null}
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

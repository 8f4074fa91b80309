"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { SubmitButton, TextField } from "@/components/ui/form-field";

/** Creates an account (and its team) through the API, then signs in. */
export function SignUpForm() {
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const body = { name: fd.get("name"), email: fd.get("email"), password: fd.get("password") };
    setBusy(true);
    setErrors([]);
    const res = await fetch("/api/v1/signup", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) {
      const err = (await res.json().catch(() => ({}))).error ?? {};
      const problems: { field?: string; message: string }[] = err.details?.problems ?? [];
      setErrors(
        problems.length
          ? problems.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message))
          : [err.message ?? "sign-up failed"],
      );
      setBusy(false);
      return;
    }
    const r = await signIn("credentials", { redirect: false, email: body.email, password: body.password });
    setBusy(false);
    // a full load, as after signing in: every server component and the header read the new session
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    if (r?.ok && !r.error) window.location.assign("/account");
    else setErrors(["account created; please sign in"]);
  }
  return (
    // POST: a browser without scripts that submits it never puts the password in a URL
    <form method="post" onSubmit={onSubmit} className="space-y-3">
      <noscript>
        <p className="text-sm text-rose-700 dark:text-rose-400">Signing up needs JavaScript in this version.</p>
      </noscript>
      <TextField label="Name (also your team's name)" name="name" required maxLength={80} />
      <TextField label="Email" name="email" type="email" required autoComplete="email" />
      <TextField
        label="Password (at least 10 characters)"
        name="password"
        type="password"
        required
        minLength={10}
        autoComplete="new-password"
      />
      {errors.length ? (
        <ul role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <SubmitButton busy={busy} busyLabel="Creating…" wide>
        Create account
      </SubmitButton>
    </form>
  );
}

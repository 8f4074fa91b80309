"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";

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
      <form onSubmit={onSubmit} className="space-y-3">
        <label className="block text-sm">
          Email
          <input
            name="email"
            type="email"
            required
            autoComplete="email"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <label className="block text-sm">
          Password
          <input
            name="password"
            type="password"
            required
            autoComplete="current-password"
            className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        {error ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
            {error}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-50"
        >
          {busy ? "Signing in…" : "Sign in"}
        </button>
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

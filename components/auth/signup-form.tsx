"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";

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
    <form onSubmit={onSubmit} className="space-y-3">
      <label className="block text-sm">
        Name (also your team&apos;s name)
        <input
          name="name"
          required
          maxLength={80}
          className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
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
        Password (at least 10 characters)
        <input
          name="password"
          type="password"
          required
          minLength={10}
          autoComplete="new-password"
          className="mt-1 w-full rounded border border-slate-300 px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      {errors.length ? (
        <ul role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800 disabled:opacity-50"
      >
        {busy ? "Creating…" : "Create account"}
      </button>
    </form>
  );
}

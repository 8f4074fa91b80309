"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/**
 * A button that sends one API request (same-origin, so the session cookie and Origin go along),
 * then refreshes the page; errors are shown next to it. `prompt` asks for a text first (a reason).
 */
export function ActionButton({
  method,
  url,
  body,
  label,
  confirm: confirmText,
  prompt: promptText,
  promptKey,
  onDone,
  className,
  testId,
}: {
  method: "POST" | "PATCH" | "DELETE";
  url: string;
  body?: Record<string, unknown>;
  label: string;
  confirm?: string;
  prompt?: string;
  promptKey?: string;
  /** navigate here when done (default: refresh this page) */
  onDone?: string;
  className?: string;
  testId?: string;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    if (confirmText && !window.confirm(confirmText)) return;
    let payload = body;
    if (promptText && promptKey) {
      const v = window.prompt(promptText);
      if (v === null) return;
      payload = { ...body, [promptKey]: v };
    }
    setBusy(true);
    setError(null);
    const res = await fetch(url, {
      method,
      headers: payload ? { "content-type": "application/json" } : undefined,
      body: payload ? JSON.stringify(payload) : undefined,
    });
    setBusy(false);
    if (!res.ok) {
      const b = await res.json().catch(() => ({}));
      setError(b.error?.message ?? `failed (HTTP ${res.status})`);
      return;
    }
    if (onDone) router.push(onDone);
    else router.refresh();
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={run}
        disabled={busy}
        data-testid={testId}
        className={
          className ?? "rounded border border-slate-300 px-2 py-0.5 text-xs disabled:opacity-50 dark:border-slate-700"
        }
      >
        {busy ? "…" : label}
      </button>
      {error ? (
        <span role="alert" className="text-xs text-rose-700 dark:text-rose-400">
          {error}
        </span>
      ) : null}
    </span>
  );
}

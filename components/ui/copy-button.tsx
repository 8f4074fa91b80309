"use client";
import { useState } from "react";

/** Copies a text to the clipboard, and says so for two seconds. */
export function CopyButton({ text, label = "Copy", testId }: { text: string; label?: string; testId?: string }) {
  const [done, setDone] = useState<"copied" | "failed" | null>(null);
  return (
    <button
      type="button"
      data-testid={testId}
      className="rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-700"
      onClick={() => {
        navigator.clipboard
          .writeText(text)
          .then(() => setDone("copied"))
          .catch(() => setDone("failed"))
          .finally(() => setTimeout(() => setDone(null), 2000));
      }}
    >
      <span aria-live="polite">{done === "copied" ? "Copied" : done === "failed" ? "Select and copy" : label}</span>
    </button>
  );
}

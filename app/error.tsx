"use client";

/** Shown when a page fails; the server logged the error (its message is not shown). */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">The error was logged on the server.</p>
      <button type="button" onClick={reset} className="mt-4 rounded border border-slate-300 px-3 py-1">
        Try again
      </button>
    </div>
  );
}

/**
 * A CSS-only tooltip on a small button: it shows on hover and on keyboard focus, and its text is
 * the button's accessible name (screen readers read it; the visual copy is hidden from them).
 */
export function Tooltip({ text, children }: { text: string; children: React.ReactNode }) {
  return (
    <span className="group relative inline-flex print:hidden">
      <button type="button" aria-label={text} className="inline-flex cursor-help rounded-full">
        {children}
      </button>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute left-1/2 top-full z-20 mt-1 hidden w-64 -translate-x-1/2 rounded bg-slate-900 px-2 py-1.5 text-left text-xs font-normal normal-case leading-snug tracking-normal text-white shadow-lg group-focus-within:block group-hover:block dark:bg-slate-700"
      >
        {text}
      </span>
    </span>
  );
}

/** A CSS-only tooltip that also shows on keyboard focus; the text is in the accessible name too. */
export function Tooltip({ text, children }: { text: string; children: React.ReactNode }) {
  return (
    <span className="group relative inline-flex" tabIndex={0} aria-label={text}>
      {children}
      <span
        role="tooltip"
        className="pointer-events-none absolute left-1/2 top-full z-20 mt-1 hidden w-64 -translate-x-1/2 rounded bg-slate-900 px-2 py-1.5 text-left text-xs font-normal normal-case leading-snug tracking-normal text-white shadow-lg group-hover:block group-focus:block dark:bg-slate-700"
      >
        {text}
      </span>
    </span>
  );
}

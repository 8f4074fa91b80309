/** A small "i" badge used as a tooltip trigger (no icon font needed). */
export function InfoIcon() {
  return (
    <span
      aria-hidden
      className="inline-flex h-3.5 w-3.5 cursor-help items-center justify-center rounded-full border border-slate-400 text-[9px] font-bold leading-none text-muted"
    >
      i
    </span>
  );
}

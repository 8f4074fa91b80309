const TONES = {
  gray: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200",
  blue: "bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200",
  green: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200",
  red: "bg-rose-100 text-rose-900 dark:bg-rose-900/40 dark:text-rose-200",
} as const;

export function Badge({
  tone = "gray",
  children,
  title,
}: {
  tone?: keyof typeof TONES;
  children: React.ReactNode;
  title?: string;
}) {
  return (
    <span title={title} className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium ${TONES[tone]}`}>
      {children}
    </span>
  );
}

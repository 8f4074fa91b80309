import type { ReactNode } from "react";

/**
 * A block of code or citation text that may scroll sideways: focusable and named, so a keyboard can
 * scroll it and a screen reader says what it is (axe: scrollable-region-focusable).
 */
export function CodeBlock({
  label,
  testId,
  className = "",
  children,
}: {
  label: string;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <pre
      className={`overflow-x-auto rounded bg-slate-50 p-2 text-xs dark:bg-slate-900 ${className}`}
      data-testid={testId}
      tabIndex={0}
      aria-label={label}
    >
      {children}
    </pre>
  );
}

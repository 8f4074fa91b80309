"use client";

import { useEffect, useRef, useState } from "react";

/**
 * A box that scrolls sideways and says so: a fade at its right edge while more is to the right,
 * and a note under it ("24 slices: scroll sideways →") while its content is wider than it. Before
 * it has measured (the server's HTML, no JavaScript) both follow `likely`, the caller's guess.
 * The box is a focusable region, so keyboard users can scroll it too.
 */
export function ScrollHint({
  children,
  note,
  label,
  likely,
  testId,
}: {
  children: React.ReactNode;
  /** the note while the content overflows (an arrow is added) */
  note: string;
  /** the region's accessible name */
  label: string;
  /** whether the content probably overflows (before measuring) */
  likely: boolean;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ overflows: boolean; more: boolean } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const overflows = el.scrollWidth - el.clientWidth > 2;
      setState({ overflows, more: overflows && el.scrollWidth - el.clientWidth - el.scrollLeft > 2 });
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const ro = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    ro?.observe(el);
    return () => {
      el.removeEventListener("scroll", update);
      ro?.disconnect();
    };
  }, []);
  const overflows = state ? state.overflows : likely;
  const more = state ? state.more : likely;
  return (
    <div>
      <div className="relative">
        <div ref={ref} className="overflow-x-auto" role="region" aria-label={label} tabIndex={overflows ? 0 : -1}>
          {children}
        </div>
        {more ? (
          <div aria-hidden="true" className="chart-scroll-fade pointer-events-none absolute inset-y-0 right-0 w-12" />
        ) : null}
      </div>
      {overflows ? (
        <p className="mt-1 text-right text-xs text-muted" data-testid={testId}>
          {note} →
        </p>
      ) : null}
    </div>
  );
}

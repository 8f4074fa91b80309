"use client";

import { useEffect, useRef } from "react";

/**
 * Submits the surrounding GET form when a control changes (the form still works without JS:
 * its button submits it). `data-live` says it listens (browser tests wait for it).
 * A GET form sends its empty fields too (`?q=&team=&agent=`): they are left out of each
 * submission here (disabled while it is read), so the router goes straight to the view's own
 * address; without JavaScript the page redirects there (lib/server/pages/clean-query.ts).
 */
export function AutoSubmit() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const mark = ref.current;
    const form = mark?.closest("form");
    if (!mark || !form) return;
    mark.dataset.live = "";
    const onChange = (e: Event) => {
      const t = e.target as HTMLInputElement;
      if (t.type === "search" || t.type === "text") return; // text waits for Enter / the button
      form.requestSubmit();
    };
    const onSubmit = () => {
      const emptied: (HTMLInputElement | HTMLSelectElement)[] = [];
      for (const el of Array.from(form.elements)) {
        if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement)) continue;
        if (!el.name || el.disabled || el.value !== "") continue;
        el.disabled = true;
        emptied.push(el);
      }
      // the form's data is read in this same event (next/form's handler, or the browser's own)
      setTimeout(() => emptied.forEach((el) => (el.disabled = false)));
    };
    form.addEventListener("change", onChange);
    // capturing: before next/form's handler (React's, at the root) reads the form
    form.addEventListener("submit", onSubmit, true);
    return () => {
      form.removeEventListener("change", onChange);
      form.removeEventListener("submit", onSubmit, true);
      delete mark.dataset.live;
    };
  }, []);
  return <span ref={ref} hidden data-auto-submit="" />;
}

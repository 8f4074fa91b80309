"use client";

import { useEffect, useRef } from "react";

/**
 * Submits the surrounding GET form when a control changes (the form still works without JS:
 * its button submits it). `data-live` says it listens (browser tests wait for it).
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
    form.addEventListener("change", onChange);
    return () => {
      form.removeEventListener("change", onChange);
      delete mark.dataset.live;
    };
  }, []);
  return <span ref={ref} hidden data-auto-submit="" />;
}

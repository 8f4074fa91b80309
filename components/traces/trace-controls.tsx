"use client";

import { useEffect } from "react";

const steps = () => [...document.querySelectorAll<HTMLDetailsElement>("details[data-trace-step]")];

/** Opens the step a permalink points at (`#step-12`), on load and when the hash changes. */
function openTarget() {
  // step ids are ASCII (step-12): no decoding, so a malformed hash (#%) is just no step
  const id = window.location.hash.slice(1);
  const target = id ? document.getElementById(id) : null;
  const details = target?.querySelector<HTMLDetailsElement>("details[data-trace-step]");
  if (!details) return;
  details.open = true;
  target!.scrollIntoView({ block: "start" });
}

/** Expand all / collapse all, and the step permalinks' opening: the viewer's only script. */
export function TraceControls() {
  useEffect(() => {
    openTarget();
    window.addEventListener("hashchange", openTarget);
    return () => window.removeEventListener("hashchange", openTarget);
  }, []);
  const cls = "rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700";
  return (
    <span className="flex gap-2">
      <button type="button" className={cls} onClick={() => steps().forEach((d) => (d.open = true))}>
        Expand all
      </button>
      <button type="button" className={cls} onClick={() => steps().forEach((d) => (d.open = false))}>
        Collapse all
      </button>
    </span>
  );
}

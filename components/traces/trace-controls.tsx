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

/**
 * Expand all / collapse all: links to the same view with every step open or closed (`?fold=`), so
 * they work without a script and before hydration; the script folds in place and keeps the URL a
 * permalink of what is shown. It also opens the step a permalink points at.
 */
export function TraceControls({ expandHref, collapseHref }: { expandHref: string; collapseHref: string }) {
  useEffect(() => {
    openTarget();
    window.addEventListener("hashchange", openTarget);
    return () => window.removeEventListener("hashchange", openTarget);
  }, []);
  const fold = (href: string, open: boolean) => (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return; // a new tab: the link
    e.preventDefault();
    steps().forEach((d) => (d.open = open));
    window.history.replaceState(window.history.state, "", href);
  };
  const cls =
    "rounded border border-slate-300 px-2 py-1 text-sm text-inherit no-underline hover:no-underline dark:border-slate-700";
  return (
    <span className="flex gap-2">
      <a href={expandHref} className={cls} onClick={fold(expandHref, true)} data-trace-fold="open">
        Expand all
      </a>
      <a href={collapseHref} className={cls} onClick={fold(collapseHref, false)} data-trace-fold="closed">
        Collapse all
      </a>
    </span>
  );
}

"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";

/**
 * A bar at the top of the window from the click on a link to the next page's arrival, so paging,
 * sorting and every other navigation shows at once that something happens (a slow phone takes a
 * second or more to answer). It ends when the path or the query is another one.
 */
export function NavigationProgress() {
  const here = `${usePathname()}?${useSearchParams()}`;
  // the view a navigation started from: pending until the view is another one
  const [from, setFrom] = useState<string | null>(null);
  const pending = from !== null && from === here;
  // a navigation that never lands (an error, a redirect back to this view) does not leave the bar on
  useEffect(() => {
    if (!pending) return;
    // the page under it dims after 100 ms (app/globals.css): a fast answer does not flicker
    document.documentElement.dataset.navPending = "1";
    const t = setTimeout(() => setFrom(null), 15_000);
    return () => {
      clearTimeout(t);
      delete document.documentElement.dataset.navPending;
    };
  }, [pending]);
  useEffect(() => {
    // the same spelling as \`here\` (URLSearchParams encodes the query its own way)
    const view = () => `${window.location.pathname}?${new URLSearchParams(window.location.search)}`;
    const start = () => setFrom(view());
    const onClick = (e: MouseEvent) => {
      // Next's <Link> prevents the default itself: only modified clicks open elsewhere
      if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!a || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
      const url = new URL(a.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname.startsWith("/api/")) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      start();
    };
    const onSubmit = (e: SubmitEvent) => {
      const form = e.target as HTMLFormElement;
      // a GET form the browser submits, or one that navigates in place (next/form prevents the default)
      if (form.method.toLowerCase() !== "get" || (e.defaultPrevented && !form.hasAttribute("data-navigates"))) return;
      if (new URL(form.action, window.location.href).pathname.startsWith("/api/")) return;
      start();
    };
    // back and forward (and a page restored from the back/forward cache) have nothing to wait for;
    // the first pageshow comes after load, when a navigation may already be under way
    const onPop = () => setFrom(null);
    const onShow = (e: PageTransitionEvent) => e.persisted && setFrom(null);
    document.addEventListener("click", onClick);
    document.addEventListener("submit", onSubmit);
    window.addEventListener("popstate", onPop);
    window.addEventListener("pageshow", onShow);
    // listening from here on (browser tests wait for it before they click)
    document.documentElement.dataset.navigationReady = "1";
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("submit", onSubmit);
      window.removeEventListener("popstate", onPop);
      window.removeEventListener("pageshow", onShow);
    };
  }, []);
  // always in the page; shown only while <html data-nav-pending> is set (app/globals.css)
  return (
    <>
      <div
        role="progressbar"
        aria-label="Loading the next page"
        data-testid="navigation-pending"
        className="nav-pending-bar fixed inset-x-0 top-0 z-50 h-1 print:hidden"
      />
      <p
        role="status"
        className="nav-pending-note fixed right-3 top-3 z-50 rounded-full bg-sky-700 px-3 py-1 text-sm font-medium text-white shadow print:hidden"
      >
        Loading…
      </p>
    </>
  );
}

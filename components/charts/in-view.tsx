"use client";

import { startTransition, useEffect, useRef, useState } from "react";

/**
 * Draws its children once they come near the screen (300 px ahead), not while the page
 * hydrates: a board's or a submission's charts below the fold cost a phone nothing until the
 * reader scrolls to them (the drawing was most of a 2 s hydration task at 4× CPU throttling).
 * Printing draws them all.
 */
export function InView({
  children,
  waiting = null,
}: {
  children: React.ReactNode;
  /** what the box holds until the drawing is there (and for good without JavaScript) */
  waiting?: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = ref.current;
    // printing (or a print preview opened on load) draws every chart at once
    if (!el || typeof IntersectionObserver === "undefined" || window.matchMedia?.("print").matches) {
      setShown(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        // near the screen, or already scrolled past (a light page hydrates while its reader
        // scrolls: the charts above were reached before React was there)
        if (entries.some((e) => e.isIntersecting || e.boundingClientRect.bottom < 0)) {
          // a transition: React draws the chart in slices between which the page stays responsive
          startTransition(() => setShown(true));
          io.disconnect();
        }
      },
      { rootMargin: "300px" },
    );
    io.observe(el);
    const print = () => setShown(true);
    window.addEventListener("beforeprint", print);
    const media = window.matchMedia?.("print");
    media?.addEventListener?.("change", print);
    return () => {
      io.disconnect();
      window.removeEventListener("beforeprint", print);
      media?.removeEventListener?.("change", print);
    };
  }, []);
  return (
    <div ref={ref} style={{ width: "100%", height: "100%" }} data-in-view={shown ? "drawn" : "waiting"}>
      {shown ? children : waiting}
    </div>
  );
}

import { Suspense } from "react";

/**
 * Server-rendered content whose hydration React slices. A Suspense boundary that is complete in
 * the server's HTML is left dehydrated by the page's first (blocking) hydration pass and hydrated
 * afterwards at idle priority, in slices of ~5 ms that yield to the browser — React's selective
 * hydration — instead of inside one long task with the rest of the page; a click inside it
 * hydrates it first. A phone hydrating the board's 50 rows in one go blocked its main thread for
 * a second at 4× CPU throttling.
 *
 * Its children must not suspend: a suspending child would stream after the shell, and a page's
 * status code (404) is sent with the shell. Large content may still arrive after the shell (its
 * RSC rows stream in later chunks); the marker before the boundary lets the stylesheet hide what
 * follows meanwhile.
 */
export function Sliced({ children }: { children: React.ReactNode }) {
  return (
    <>
      {/* marks the boundary for the stylesheet: if its content streams after the shell (React
          outlines a large one), what follows it stays hidden until it is swapped in, instead of
          being painted first and pushed down (app/globals.css) */}
      <span hidden data-sliced="" />
      <Suspense fallback={null}>{children}</Suspense>
    </>
  );
}

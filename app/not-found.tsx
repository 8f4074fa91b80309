import type { Metadata } from "next";
import Link from "next/link";

// an address nothing answers (a route's own 404s name themselves in their metadata): the tab and
// a bookmark say so, not the bare site name
export const metadata: Metadata = { title: "Not found" };

export default function NotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Not found</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">That page does not exist, or it is private.</p>
      <p className="mt-4">
        <Link href="/">Back to the leaderboards</Link>
      </p>
    </div>
  );
}

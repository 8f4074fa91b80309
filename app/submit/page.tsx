import type { Metadata } from "next";
import Link from "next/link";
import { getDb } from "@/lib/server/db";
import { listBenchmarks } from "@/lib/server/leaderboard";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Submit predictions" };

export default async function SubmitChooserPage() {
  const benchmarks = await listBenchmarks(await getDb());
  return (
    <div className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">Submit predictions</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">Choose a task.</p>
      <ul className="space-y-2">
        {benchmarks.flatMap((b) =>
          b.tasks
            .filter((t) => t.currentRelease)
            .map((t) => (
              <li key={t.slug}>
                <Link href={`/tasks/${t.slug}/submit`}>
                  {b.name} · {t.name}
                </Link>{" "}
                <code className="text-xs text-muted">{t.slug}</code>
              </li>
            )),
        )}
      </ul>
    </div>
  );
}

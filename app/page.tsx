import type { Metadata } from "next";
import Link from "next/link";
import { TopLine } from "@/components/home/top-line";
import { Badge } from "@/components/ui/badge";
import { getDb } from "@/lib/server/db";
import { listBenchmarks } from "@/lib/server/leaderboard";
import { CATALOG } from "@/lib/tasks/catalog";

const paperUrl = (slug: string) => CATALOG.find((b) => b.slug === slug)?.paperUrl;

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { absolute: "Trustworthy SE Agents Leaderboard: benchmarks of AI software-engineering agents" },
};

export default async function HomePage() {
  const benchmarks = await listBenchmarks(await getDb());
  return (
    <div className="space-y-8">
      <section>
        <h1 className="text-3xl font-bold tracking-tight">Leaderboards for trustworthy software-engineering agents</h1>
        <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-400">
          Does an agent refuse vague tickets and wrong patches, abstain when it cannot fix a bug, repair CI failures,
          and review code without noise? Teams upload predictions; every score is computed here, from the same metrics
          library, against versioned dataset releases.
        </p>
        <p className="mt-4">
          <Link
            href="/tasks/bouncerbench/input"
            className="inline-block rounded-md bg-sky-700 px-4 py-2 font-medium text-white no-underline hover:bg-sky-800"
          >
            Open the BouncerBench Input leaderboard →
          </Link>
        </p>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        {benchmarks.map((b) => (
          <section key={b.slug} className="rounded-lg border border-slate-200 p-5 dark:border-slate-800">
            <h2 className="text-xl font-semibold">{b.name}</h2>
            <p className="text-sm italic text-muted">
              {paperUrl(b.slug) ? (
                <a href={paperUrl(b.slug)} rel="noopener" data-testid="home-paper-link">
                  {b.paperTitle}
                </a>
              ) : (
                b.paperTitle
              )}
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{b.description}</p>
            <ul className="mt-4 space-y-2">
              {b.tasks.map((t) => (
                <li key={t.slug} className="flex flex-wrap items-center gap-2 text-sm">
                  <Link href={`/tasks/${t.slug}`} className="font-medium">
                    {t.name}
                  </Link>
                  <code className="text-xs text-muted">{t.slug}</code>
                  {t.currentRelease ? (
                    <Badge tone={t.currentRelease.synthetic ? "amber" : "green"}>
                      release {t.currentRelease.version} · {t.currentRelease.instanceCount} instances
                      {t.currentRelease.synthetic ? " · synthetic" : ""}
                    </Badge>
                  ) : (
                    <Badge>no release yet</Badge>
                  )}
                  <span className="text-muted">
                    {t.submissions.toLocaleString("en-US")} public {t.submissions === 1 ? "submission" : "submissions"}
                  </span>
                  {t.leader ? <TopLine task={t} /> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

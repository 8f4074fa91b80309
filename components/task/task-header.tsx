import Link from "next/link";
import { findTaskDef } from "@/lib/tasks/catalog";

const TABS = [
  ["leaderboard", "Leaderboard", ""],
  ["instances", "Instances", "/instances"],
  ["releases", "Releases", "/releases"],
  ["changelog", "Changelog", "/changelog"],
  ["submit", "Submit", "/submit"],
] as const;

export type TaskTab = (typeof TABS)[number][0];

/** A task's breadcrumb, title, description and tabs (the current one marked). */
export function TaskHeader({
  task,
  current,
  aside,
}: {
  task: { fullSlug: string; name: string; description: string; benchmark: { name: string } };
  current: TaskTab;
  /** what sits at the right of the tabs (the board's release bar) */
  aside?: React.ReactNode;
}) {
  const paper = findTaskDef(task.fullSlug)?.benchmark;
  return (
    <div className="mb-3">
      <p className="text-sm text-muted">
        <Link href="/">Leaderboards</Link> / {task.benchmark.name}
        {paper ? (
          // a phone's first screen is for the ranking: the paper is in the cite card below the rows
          <span className="max-sm:hidden">
            {" · "}
            {paper.paperUrl ? (
              <a href={paper.paperUrl} rel="noopener" data-testid="paper-link" className="italic">
                {paper.paperTitle}
              </a>
            ) : (
              <cite>{paper.paperTitle}</cite>
            )}{" "}
            (
            {paper.paperAuthors.length > 2
              ? `${paper.paperAuthors[0].split(" ").at(-1)} et al.`
              : paper.paperAuthors.map((a) => a.split(" ").at(-1)).join(" & ")}
            )
          </span>
        ) : null}
      </p>
      <h1 className="text-xl font-bold sm:text-2xl">
        {task.benchmark.name} · {task.name}
      </h1>
      {/* two lines on a phone (the whole text on a wider screen and in the Releases tab) */}
      <p className="mt-0.5 text-sm text-slate-600 max-sm:line-clamp-2 dark:text-slate-400" title={task.description}>
        {task.description}
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-6 gap-y-2">
        <nav className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm print:hidden" aria-label="Task">
          {TABS.map(([key, label, path]) => (
            <Link
              key={key}
              href={`/tasks/${task.fullSlug}${path}`}
              prefetch={false}
              aria-current={key === current ? "page" : undefined}
              className={key === current ? "font-semibold" : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>
        {aside}
      </div>
    </div>
  );
}

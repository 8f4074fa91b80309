import Link from "next/link";

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
}: {
  task: { fullSlug: string; name: string; description: string; benchmark: { name: string } };
  current: TaskTab;
}) {
  return (
    <div className="mb-4">
      <p className="text-sm text-muted">
        <Link href="/">Leaderboards</Link> / {task.benchmark.name}
      </p>
      <h1 className="text-2xl font-bold">
        {task.benchmark.name} · {task.name}
      </h1>
      <p className="mt-1 max-w-4xl text-sm text-slate-600 dark:text-slate-400">{task.description}</p>
      <nav className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm print:hidden" aria-label="Task">
        {TABS.map(([key, label, path]) => (
          <Link
            key={key}
            href={`/tasks/${task.fullSlug}${path}`}
            aria-current={key === current ? "page" : undefined}
            className={key === current ? "font-semibold" : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

import Link from "next/link";
import { DataTable, valueColumn } from "@/components/ui/data-table";
import { notFound } from "next/navigation";
import { Card } from "@/components/ui/card";
import { getDb } from "@/lib/server/db";
import { formatDate } from "@/lib/format";
import { getSessionActor } from "@/lib/server/auth";
import { listActivity } from "@/lib/server/activity";
import { ActivityQuery } from "@/lib/validations/common";

export const dynamic = "force-dynamic";

export const metadata = { title: "Activity log" };

const input = "rounded border border-slate-300 px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-900";

export default async function ActivityPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const actor = await getSessionActor();
  if (!actor?.isAdmin) notFound();
  const sp = await searchParams;
  const parsed = ActivityQuery.safeParse(Object.fromEntries(Object.entries(sp).filter(([, v]) => v)));
  const q = parsed.success ? parsed.data : ActivityQuery.parse({});
  const { events, next } = await listActivity(await getDb(), { ...q, limit: 100 });
  const more = new URLSearchParams(
    Object.entries({ ...sp, before: next ?? "" }).filter(([, v]) => v) as [string, string][],
  );
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link href="/admin">Admin</Link> / activity log
      </p>
      <h1 className="text-2xl font-bold">Activity log</h1>
      {!parsed.success ? (
        <p role="alert">
          Ignored filters: {parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ")}
        </p>
      ) : null}
      <ActivityFilters sp={sp} />
      <Card>
        <ActivityTable events={events} />
        {next ? (
          <p className="mt-2 text-sm">
            <Link href={`/admin/activity?${more}`}>Older events</Link>
          </p>
        ) : null}
      </Card>
    </div>
  );
}

/** The filters: action prefix, actor, target, task and a date range (a GET form: the URL keeps them). */
function ActivityFilters({ sp }: { sp: Record<string, string | undefined> }) {
  return (
    <form
      method="get"
      className="flex flex-wrap items-end gap-3 text-sm"
      role="search"
      aria-label="Filter the activity log"
    >
      {[
        ["action", "action (prefix)", "submission."],
        ["actor", "actor", "email"],
        ["target", "target id or type", "submission"],
        ["task", "task", "bouncerbench/input"],
      ].map(([k, label, ph]) => (
        <label key={k} className="flex flex-col">
          {label}
          <input name={k} defaultValue={sp[k] ?? ""} placeholder={ph} className={input} />
        </label>
      ))}
      <label className="flex flex-col">
        from
        <input type="date" name="from" defaultValue={sp.from ?? ""} className={input} />
      </label>
      <label className="flex flex-col">
        to
        <input type="date" name="to" defaultValue={sp.to ?? ""} className={input} />
      </label>
      <button type="submit" className="rounded border border-slate-300 px-3 py-1 dark:border-slate-700">
        Filter
      </button>
    </form>
  );
}

/** The events, newest first: when, who, what, on what, and the change. */
function ActivityTable({ events }: { events: Awaited<ReturnType<typeof listActivity>>["events"] }) {
  return (
    <DataTable
      rows={events}
      rowKey={(e) => e.id}
      caption="Activity events, newest first"
      testId="activity"
      maxHeight="80vh"
      columns={[
        { key: "when", header: "when", className: "whitespace-nowrap", cell: (e) => formatDate(e.at) },
        valueColumn("who", "who", "actor"),
        {
          key: "what",
          header: "what",
          className: "font-mono text-xs",
          sort: (e) => e.action,
          cell: (e) => (
            <>
              {e.action}
              {e.public ? <span className="ml-1 text-muted">(public)</span> : null}
            </>
          ),
        },
        {
          key: "target",
          header: "target",
          className: "text-xs",
          cell: (e) => (
            <>
              {e.target.type === "submission" ? (
                <Link href={`/submissions/${e.target.id}`}>
                  {e.target.name ?? `submission ${e.target.id.slice(0, 8)}`}
                </Link>
              ) : (
                `${e.target.type} ${e.target.id.slice(0, 36)}`
              )}
              {e.task ? <div className="text-muted">{e.task}</div> : null}
              {e.team ? <div className="text-muted">team {e.team}</div> : null}
            </>
          ),
        },
        {
          key: "change",
          header: "before → after",
          className: "max-w-md font-mono text-xs break-all",
          cell: (e) => `${e.before ? JSON.stringify(e.before) : "—"} → ${e.after ? JSON.stringify(e.after) : "—"}`,
        },
      ]}
    />
  );
}

"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/**
 * A task's upload quotas: per team, release and UTC day, and in all (empty: the default / no
 * limit); and whether its hidden release takes uploads from approved teams only.
 */
export function QuotaForm({
  task,
  perDay,
  total,
  defaultPerDay,
  approvedOnly,
}: {
  task: string;
  perDay: number | null;
  total: number | null;
  defaultPerDay: string;
  approvedOnly: boolean;
}) {
  const router = useRouter();
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  async function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    const num = (k: string) => (String(fd.get(k) ?? "").trim() === "" ? null : Number(fd.get(k)));
    const res = await fetch(`/api/v1/admin/tasks/${task}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        quotaPerDay: num("perDay"),
        quotaTotal: num("total"),
        hiddenApprovedOnly: fd.get("approvedOnly") === "on",
      }),
    });
    const body = await res.json();
    if (!res.ok) return setMsg({ ok: false, text: body.error?.message ?? `failed (HTTP ${res.status})` });
    setMsg({ ok: true, text: "saved" });
    router.refresh();
  }
  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-2 text-xs" aria-label={`Upload quotas of ${task}`}>
      <label>
        uploads / team / day
        <input
          name="perDay"
          type="number"
          min={1}
          defaultValue={perDay ?? ""}
          placeholder={defaultPerDay}
          className="ml-1 w-20 rounded border border-slate-300 px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <label>
        in all
        <input
          name="total"
          type="number"
          min={1}
          defaultValue={total ?? ""}
          placeholder="no limit"
          className="ml-1 w-20 rounded border border-slate-300 px-1 py-0.5 dark:border-slate-700 dark:bg-slate-900"
        />
      </label>
      <label title="A hidden release of this task then takes uploads (dry runs too) only from teams approved below">
        <input name="approvedOnly" type="checkbox" defaultChecked={approvedOnly} className="mr-1" />
        hidden release: approved teams only
      </label>
      <button type="submit" className="rounded border border-slate-300 px-2 py-0.5 dark:border-slate-700">
        Save
      </button>
      {msg ? (
        <span className={msg.ok ? "text-emerald-700 dark:text-emerald-400" : "text-rose-700 dark:text-rose-400"}>
          {msg.text}
        </span>
      ) : null}
    </form>
  );
}

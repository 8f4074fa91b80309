"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { startTransition, useActionState, type FormEvent } from "react";
import { pageAction } from "@/app/page-actions";
import type { PageActionOp } from "@/lib/contracts/page-actions";

const buttonClass = "rounded border border-slate-300 px-2 py-0.5 text-xs disabled:opacity-50 dark:border-slate-700";

/**
 * One button that does one thing to a resource (verify, hide, make public, remove a member, …), as
 * a form posting to the page's server function (app/page-actions.ts): it works without JavaScript,
 * and then the page comes back as it now is. `confirm` asks first: with JavaScript a confirm(),
 * without it a second button under the question. `reason` makes it a small form with a required
 * text field of that label (hiding a submission: its team sees the reason). Errors show beside it.
 */
export function ActionForm({
  op,
  fields,
  label,
  confirm: question,
  reason,
  className,
  testId,
}: {
  op: PageActionOp;
  /** the operation's fields (ids, the new value), as lib/contracts/page-actions.ts names them */
  fields: Record<string, string>;
  label: string;
  confirm?: string;
  reason?: string;
  className?: string;
  testId?: string;
}) {
  const [state, act, pending] = useActionState(pageAction, null);
  // (outside the App Router — a component test's render — there is no router: then the home page)
  const query = useSearchParams()?.toString() ?? "";
  const back = `${usePathname() ?? "/"}${query ? `?${query}` : ""}`;
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (!question) return;
    // with JavaScript, the question as a dialog; yes sends the form as the second button would
    e.preventDefault();
    if (!window.confirm(question)) return;
    const form = new FormData(e.currentTarget);
    form.set("confirmed", "1");
    startTransition(() => act(form));
  }
  const form = (
    <form action={act} onSubmit={onSubmit} className="inline-flex flex-wrap items-center gap-2">
      <input type="hidden" name="op" value={op} />
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input type="hidden" name="back" value={back} />
      {question ? <input type="hidden" name="ask" value="1" /> : null}
      {reason ? <ReasonField label={reason} typed={state?.reason} /> : null}
      <button type="submit" disabled={pending} data-testid={testId} className={className ?? buttonClass}>
        {pending ? "…" : reason ? label.replace(/…$/, "") : label}
      </button>
      {state?.confirm && question ? (
        <span role="alert" className="text-xs">
          {question}{" "}
          <button type="submit" name="confirmed" value="1" className={buttonClass} data-testid="confirm-action">
            Yes, {label.replace(/…$/, "").toLowerCase()}
          </button>
        </span>
      ) : null}
      {state?.error ? (
        <span role="alert" className="text-xs text-rose-700 dark:text-rose-400">
          {state.error}
        </span>
      ) : null}
    </form>
  );
  // a reason is asked in a disclosure: the row keeps one button until it is opened (no script needed)
  return reason ? (
    <Disclosure label={label} className={className} testId={testId} open={Boolean(state?.error)}>
      {form}
    </Disclosure>
  ) : (
    form
  );
}

/** The reason's field (required, as the API requires it), with what was typed before a refusal. */
function ReasonField({ label, typed }: { label: string; typed: string | undefined }) {
  return (
    <input
      name="reason"
      required
      minLength={3}
      maxLength={500}
      aria-label={label}
      placeholder={label}
      defaultValue={typed}
      key={typed}
      className="w-64 rounded border border-slate-300 px-2 py-0.5 text-xs dark:border-slate-700 dark:bg-slate-900"
    />
  );
}

/** A button-like summary that opens to show its form (open again after a refusal). */
function Disclosure({
  label,
  className,
  testId,
  open,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  open: boolean;
  children: React.ReactNode;
}) {
  return (
    <details className="inline-block" open={open}>
      <summary
        className={`${className ?? buttonClass} cursor-pointer list-none`}
        data-testid={testId && `${testId}-open`}
      >
        {label}
      </summary>
      <div className="mt-1">{children}</div>
    </details>
  );
}

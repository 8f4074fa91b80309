"use server";
// The pages' action buttons as one server function (components/ui/action-form.tsx), so that each
// works without JavaScript: the form posts to the page it is on, the work is done, and the answer
// is a 303 to the page to show next (Post/Redirect/Get: a reload never sends it again); with
// JavaScript React sends the same form without a reload. It checks the session itself (as the
// API's handlers do), the front door refuses a post from another site with a 403
// (lib/server/http/same-site.ts), each operation has its API route's access level and work
// (lib/server/page-actions), and an error comes back as the form's message, never as an error page.
import { redirect } from "next/navigation";
import { PageAction, PageActionForm, type PageActionState } from "@/lib/contracts/page-actions";
import { AppError } from "@/lib/errors";
import { getSessionActor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { toErrorBody } from "@/lib/server/http";
import { runPageAction } from "@/lib/server/page-actions";

/** A form's own fields: its text values, without the framework's (`$ACTION_…`). */
function fieldsOf(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !k.startsWith("$ACTION")) out[k] = v;
  return out;
}

/** One button's work: `op` and its fields (lib/contracts/page-actions.ts). */
export async function pageAction(_prev: PageActionState | null, form: FormData): Promise<PageActionState> {
  let next: string;
  const fields = fieldsOf(form);
  try {
    const meta = PageActionForm.parse(fields);
    const action = PageAction.parse(fields);
    // a button that asks first does nothing until the reader said yes
    if (meta.ask && !meta.confirmed) return { confirm: true };
    const actor = await getSessionActor();
    if (!actor) throw new AppError("unauthorized", "your session has ended: sign in again");
    next = (await runPageAction(await getDb(), actor, action)) ?? meta.back ?? "/";
  } catch (e) {
    return { error: toErrorBody(e).body.error.message, reason: fields.reason };
  }
  // outside the try: redirect() throws the framework's own signal
  redirect(next);
}

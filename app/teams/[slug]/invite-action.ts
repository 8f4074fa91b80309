"use server";
// "Create an invitation link" on a team's page as a server function, so that it works without
// JavaScript: the form posts to the page, which renders with the new link (shown this once, as the
// API's answer shows it). It checks the session itself; `createInvitation` checks that the actor
// owns the team (`POST /api/v1/teams/{slug}/invitations`'s work); the front door refuses a post
// from another site with a 403; an error is the form's message.
import { SlugParams } from "@/lib/contracts/teams";
import { AppError } from "@/lib/errors";
import { getSessionActor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { toErrorBody } from "@/lib/server/http";
import { createInvitation } from "@/lib/server/teams";

/** What the invitation form shows after it was sent: the new link, or what went wrong. */
export interface InviteFormState {
  link?: { url: string; expiresAt: string };
  error?: string;
}

/** A single-use invitation link to the team the form names. */
export async function inviteAction(_prev: InviteFormState | null, form: FormData): Promise<InviteFormState> {
  try {
    const { slug } = SlugParams.parse({ slug: form.get("slug") });
    const actor = await getSessionActor();
    if (!actor) throw new AppError("unauthorized", "your session has ended: sign in again");
    const inv = await createInvitation(await getDb(), actor, slug);
    return { link: { url: inv.url, expiresAt: inv.expiresAt } };
  } catch (e) {
    return { error: toErrorBody(e).body.error.message };
  }
}

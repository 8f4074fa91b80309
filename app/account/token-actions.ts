"use server";
// The account page's token forms as server functions, so that they work without JavaScript: the
// form posts to the page itself and the page renders with the answer; with JavaScript React sends
// it without a reload. Each function checks the session itself (as the API's handlers do), the
// front door refuses a post from another site with a 403 (lib/server/http/same-site.ts), and an
// error comes back as the form's message, never as an error page. The work is lib/server/auth's.
import { revalidatePath } from "next/cache";
import { TokenBody, TokenIdParams } from "@/lib/contracts/accounts";
import { AppError } from "@/lib/errors";
import { createTokenFor, getSessionActor, revokeToken, type Actor } from "@/lib/server/auth";
import { getDb } from "@/lib/server/db";
import { toErrorBody } from "@/lib/server/http";

/** What a token form shows after it was sent: the new secret (this once), or what went wrong. */
export interface TokenFormState {
  created?: { token: string; prefix: string; name: string };
  revoked?: { name: string; prefix: string };
  error?: string;
}

/** Runs one form's work for the signed-in actor; any failure becomes the form's message. */
async function asSignedIn(work: (actor: Actor) => Promise<TokenFormState>): Promise<TokenFormState> {
  try {
    const actor = await getSessionActor();
    if (!actor) throw new AppError("unauthorized", "sign in to manage API tokens");
    const state = await work(actor);
    revalidatePath("/account");
    return state;
  } catch (e) {
    return { error: toErrorBody(e).body.error.message };
  }
}

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" && v.trim() !== "" ? v : undefined;
};

/** "Create API token": `POST /api/v1/tokens`'s work (createTokenFor: its checks and its limit). */
export async function createTokenAction(_prev: TokenFormState | null, form: FormData): Promise<TokenFormState> {
  return asSignedIn(async (actor) => {
    const body = TokenBody.parse({ name: field(form, "name") });
    const t = await createTokenFor(await getDb(), actor, body);
    return { created: { token: t.token, prefix: t.prefix, name: body.name } };
  });
}

/** "revoke": the same checks as `DELETE /api/v1/tokens/{id}`. */
export async function revokeTokenAction(_prev: TokenFormState | null, form: FormData): Promise<TokenFormState> {
  return asSignedIn(async (actor) => {
    const { id } = TokenIdParams.parse({ id: field(form, "id") });
    return { revoked: await revokeToken(await getDb(), actor, id) };
  });
}

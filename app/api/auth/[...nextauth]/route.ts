// GET/POST /api/auth/* – next-auth (sign-in, sign-out, session)
import NextAuth from "next-auth";
import { AppError } from "@/lib/errors";
import { getAuthOptions } from "@/lib/server/auth";
import { respond, toErrorBody } from "@/lib/server/http";
import { SignInRefused } from "@/lib/contracts/accounts";
import { checkSignIn, check, clientAddress } from "@/lib/server/limits";

export const dynamic = "force-dynamic";

/**
 * A credentials sign-in past its rate limits (per account and client, per client) is refused here,
 * before next-auth runs: 429 with Retry-After, and a body next-auth's client reads (`url` with
 * `error=RateLimited`). The per-account slowdown happens in the credentials callback.
 */
async function signInLimited(req: Request): Promise<Response | null> {
  if (req.method !== "POST" || !new URL(req.url).pathname.endsWith("/callback/credentials")) return null;
  const form = new URLSearchParams(
    await req
      .clone()
      .text()
      .catch(() => ""),
  );
  const email = form.get("email")?.trim().toLowerCase();
  try {
    // per (account, client) pair and per client: never the account as a whole, which anyone could lock
    if (email) await checkSignIn(email, clientAddress(req.headers));
    else await check("signin-client", clientAddress(req.headers));
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const { status, body, headers } = toErrorBody(e);
    const url = new URL("/signin?error=RateLimited", req.url).toString();
    return respond(SignInRefused, { ...body, url }, { status, headers });
  }
}

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return (await signInLimited(req)) ?? NextAuth(getAuthOptions())(req, ctx);
}

export { handler as GET, handler as POST };

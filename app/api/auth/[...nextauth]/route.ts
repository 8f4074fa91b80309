// GET/POST /api/auth/* – next-auth (sign-in, sign-out, session)
import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/server/auth-options";

export const dynamic = "force-dynamic";

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) {
  return NextAuth(getAuthOptions())(req, ctx);
}

export { handler as GET, handler as POST };

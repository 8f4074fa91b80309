import type { Metadata } from "next";
import Link from "next/link";
import { SignInForm } from "@/components/auth/signin-form";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  // only same-site paths: never redirect to another origin after sign-in
  const target = callbackUrl && callbackUrl.startsWith("/") && !callbackUrl.startsWith("//") ? callbackUrl : "/";
  const env = getEnv();
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-bold">Sign in</h1>
      <SignInForm callbackUrl={target} github={Boolean(env.GITHUB_ID && env.GITHUB_SECRET)} />
      <p className="text-sm">
        No account? <Link href="/signup">Sign up</Link>
      </p>
    </div>
  );
}

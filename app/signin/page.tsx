import type { Metadata } from "next";
import Link from "next/link";
import { SignInForm } from "@/components/auth/signin-form";
import { getEnv } from "@/lib/env";
import { SitePath } from "@/lib/contracts/common";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  // only paths on this site: never another origin after sign-in (`//host` and `/\host` are one)
  const next = SitePath.safeParse(callbackUrl);
  const target = next.success ? next.data : "/";
  const env = getEnv();
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-bold">Sign in</h1>
      <SignInForm callbackUrl={target} github={Boolean(env.GITHUB_ID && env.GITHUB_SECRET)} />
      <p className="text-sm">
        No account?{" "}
        <Link href={target === "/" ? "/signup" : `/signup?callbackUrl=${encodeURIComponent(target)}`}>Sign up</Link>
      </p>
    </div>
  );
}

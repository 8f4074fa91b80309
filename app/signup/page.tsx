import type { Metadata } from "next";
import Link from "next/link";
import { SignUpForm } from "@/components/auth/signup-form";
import { SitePath } from "@/lib/contracts/common";

export const metadata: Metadata = { title: "Sign up" };

export const dynamic = "force-dynamic";

/** `?callbackUrl=` (an invitation's page): where the new account goes next, a path on this site only. */
export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  const next = SitePath.safeParse(callbackUrl);
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-bold">Create an account</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A new account gets a team of its own; its submissions are filed under it.
      </p>
      <SignUpForm callbackUrl={next.success ? next.data : undefined} />
      <p className="text-sm">
        Have an account?{" "}
        <Link href={next.success ? `/signin?callbackUrl=${encodeURIComponent(next.data)}` : "/signin"}>Sign in</Link>
      </p>
    </div>
  );
}

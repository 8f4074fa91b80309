import type { Metadata } from "next";
import Link from "next/link";
import { SignUpForm } from "@/components/auth/signup-form";

export const metadata: Metadata = { title: "Sign up" };

export default function SignUpPage() {
  return (
    <div className="mx-auto max-w-sm space-y-4">
      <h1 className="text-2xl font-bold">Create an account</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        A new account gets a team of its own; its submissions are filed under it.
      </p>
      <SignUpForm />
      <p className="text-sm">
        Have an account? <Link href="/signin">Sign in</Link>
      </p>
    </div>
  );
}

"use client";

import { signOut } from "next-auth/react";

export function SignOutButton() {
  return (
    <button
      type="button"
      onClick={() => signOut({ callbackUrl: "/" })}
      className="text-sky-700 hover:underline dark:text-sky-400"
    >
      Sign out
    </button>
  );
}

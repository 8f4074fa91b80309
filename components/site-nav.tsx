"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { SignOutButton } from "@/components/auth/sign-out-button";

/**
 * The site's navigation: inline from 640 px up; below that a "Menu" button (keyboard operable,
 * aria-expanded) opens the same links as a list. Closes on navigation and on Escape.
 */
export function SiteNav({ user }: { user: { email: string; isAdmin: boolean } | null }) {
  const pathname = usePathname();
  // the menu is open on the page it was opened on: navigating closes it
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean | ((o: boolean) => boolean)) =>
    setOpenOn((typeof next === "function" ? next(open) : next) ? pathname : null);
  const panel = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpenOn(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  const link = "no-underline hover:underline";
  const main = (
    <>
      <Link href="/tasks/bouncerbench/input" className={link}>
        BouncerBench Input
      </Link>
      <Link href="/submit" className={link}>
        Submit
      </Link>
    </>
  );
  const account = user ? (
    <>
      {user.isAdmin ? (
        <Link href="/admin" className={link}>
          Admin
        </Link>
      ) : null}
      <Link href="/account" className={`${link} max-w-[16rem] truncate`}>
        {user.email}
      </Link>
      <SignOutButton />
    </>
  ) : (
    <>
      <Link href="/signin" className={link}>
        Sign in
      </Link>
      <Link href="/signup" className={link}>
        Sign up
      </Link>
    </>
  );
  return (
    <nav className="mx-auto max-w-7xl px-4 py-3 text-sm print:hidden" aria-label="Main">
      <div className="flex items-center gap-6">
        <Link href="/" className="font-semibold text-slate-900 no-underline dark:text-white">
          Trustworthy SE Agents
        </Link>
        <div className="hidden items-center gap-6 sm:flex">{main}</div>
        <div className="ml-auto hidden items-center gap-4 sm:flex">{account}</div>
        <button
          type="button"
          className="ml-auto rounded border border-slate-300 px-2 py-1 sm:hidden dark:border-slate-700"
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((o) => !o)}
        >
          Menu
        </button>
      </div>
      <div
        id={panel}
        hidden={!open}
        className="mt-3 flex flex-col gap-3 border-t border-slate-200 pt-3 sm:hidden dark:border-slate-800"
      >
        {main}
        {account}
      </div>
    </nav>
  );
}

import { signOutAction } from "@/app/signin/auth-actions";

/** "Sign out": a form posting to the server function that ends the session, so it works without JavaScript. */
export function SignOutButton() {
  return (
    <form action={signOutAction} className="inline">
      <button type="submit" className="text-sky-700 hover:underline dark:text-sky-400">
        Sign out
      </button>
    </form>
  );
}

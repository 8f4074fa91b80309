import { dictionary } from "@zxcvbn-ts/language-common";

// Passwords people pick most (zxcvbn-ts's list, ~49,000 leaked passwords, 1,557 of them 10
// characters or longer): refused at sign-up. Loaded on first use, server side only.
let common: Set<string> | null = null;

/** Is this password (case-insensitively, ignoring surrounding spaces) among the common ones? */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common.has(password.trim().toLowerCase());
}

/** Why a password is refused, or null. */
export function passwordProblem(password: string, email?: string): string | null {
  if (password.length < 10) return "use at least 10 characters";
  if (isCommonPassword(password))
    return "this password is among the most common ones (found in leaked password lists): choose another";
  const local = email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && password.toLowerCase().includes(local))
    return "the password must not contain your email address";
  if (new Set(password).size < 4) return "use more different characters";
  return null;
}

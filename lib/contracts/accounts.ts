// Accounts and tokens: signing up, who the caller is, the caller's tokens, an admin's unlock.
import { z } from "zod";
import { displayName } from "@/lib/validations/common";
import { ErrorBody, iso, SitePath } from "./common";
// the sign-up form's fields (also read by lib/server/names' tests)
export { SignupBody } from "@/lib/validations/common";

/** The sign-in form (app/signin/auth-actions.ts); a next page that is not a path on this site is "/". */
export const SignInFields = z.object({
  email: z.string().trim().toLowerCase().min(1, "enter your email").max(254),
  password: z.string().min(1, "enter your password").max(1000),
  callbackUrl: SitePath.catch("/").default("/"),
});
/** Where the sign-up form goes next (an invitation's page, say): a path on this site, else the account. */
export const NextPath = z.object({ callbackUrl: SitePath.catch("/account").default("/account") });

const role = z.enum(["owner", "member"]);

/** POST /api/v1/signup (201): the account and the team of its own. */
export const SignedUp = z.object({
  id: z.uuid(),
  email: z.string(),
  team: z.object({ slug: z.string(), name: z.string() }),
});
export type SignedUp = z.infer<typeof SignedUp>;

/** GET /api/v1/me (the CLI's whoami). */
export const Me = z.object({
  via: z.enum(["token", "session"]),
  user: z.object({ id: z.uuid(), email: z.string().nullable() }).nullable(),
  admin: z.boolean(),
  /** the token's team, or the first of the user's teams */
  team: z.string().nullable(),
  teams: z.array(z.object({ slug: z.string(), name: z.string(), role })),
});
export type Me = z.infer<typeof Me>;

/** `POST /api/v1/tokens` */
export const TokenBody = z.object({
  name: displayName("token name", 80).default("api token"),
  team: displayName("team", 48).optional(),
  admin: z.boolean().optional(),
});
/** `DELETE /api/v1/tokens/{id}` */
export const TokenIdParams = z.object({ id: z.string().uuid("not a token id") });

/** POST /api/v1/tokens (201): the secret is shown this once. */
export const TokenCreated = z.object({
  id: z.uuid(),
  token: z.string(),
  prefix: z.string(),
  team: z.string(),
  admin: z.boolean(),
});
export type TokenCreated = z.infer<typeof TokenCreated>;

/** GET /api/v1/tokens: the live tokens of the caller's teams, newest first (never the secrets). */
export const TokenList = z.object({
  tokens: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      prefix: z.string(),
      createdAt: iso,
      lastUsedAt: iso.nullable(),
      isAdmin: z.boolean(),
    }),
  ),
});
export type TokenList = z.infer<typeof TokenList>;

/** `POST /api/v1/admin/users/unlock`: clear an account's failed sign-ins */
export const UnlockBody = z
  .object({ email: z.string().trim().toLowerCase().email("enter a valid email address").max(320) })
  .strict();

/** POST /api/v1/admin/users/unlock (200): whether the account exists, how many limits were cleared. */
export const Unlocked = z.object({ email: z.string(), exists: z.boolean(), cleared: z.number().int().nonnegative() });
export type Unlocked = z.infer<typeof Unlocked>;

/**
 * POST /api/auth/callback/credentials past its rate limits (429, Retry-After): the error, and the
 * `url` next-auth's client follows (the sign-in page with `error=RateLimited`).
 */
export const SignInRefused = z.object({
  error: ErrorBody.shape.error.extend({ details: z.unknown().optional() }),
  url: z.string(),
});

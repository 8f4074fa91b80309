// Accounts and tokens: who the caller is, the caller's tokens.
import { z } from "zod";
export { SignupBody, TokenBody, TokenIdParams } from "@/lib/validations/common";

const role = z.enum(["owner", "member"]);

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

/** POST /api/v1/tokens (201): the secret is shown this once. */
export const TokenCreated = z.object({
  id: z.uuid(),
  token: z.string(),
  prefix: z.string(),
  team: z.string(),
  admin: z.boolean(),
});
export type TokenCreated = z.infer<typeof TokenCreated>;

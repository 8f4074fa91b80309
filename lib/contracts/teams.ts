// Teams: a team's page, renaming it, members' roles, invitations, an admin's approval.
import { SUBMISSION_STATUSES } from "@/lib/submission-status";
import { z } from "zod";
import { displayName } from "@/lib/validations/common";
import { iso, PageFields } from "./common";

const role = z.enum(["owner", "member"]);

/** `/api/v1/teams/{slug}/…` */
export const SlugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/, "a team slug: lower-case letters, digits and dashes"),
});
/** `/api/v1/teams/{slug}/members/{userId}` */
export const MemberParams = SlugParams.extend({ userId: z.string().uuid("not a user id") });
/** `POST /api/v1/invitations/{token}` */
export const InvitationParams = z.object({
  token: z
    .string()
    .min(10)
    .max(100)
    .regex(/^lbi_[\w-]+$/, "not an invitation token"),
});
/** `PATCH /api/v1/teams/{slug}`: rename a team (owners) */
export const TeamNameBody = z.object({ name: displayName("team name", 48) }).strict();
/** `PATCH /api/v1/teams/{slug}/members/{userId}` */
export const RoleBody = z.object({ role }).strict();

/**
 * GET /api/v1/teams/{slug}: members and scored submissions (public ones; its members also see the
 * private ones, the tokens, and its owners the open invitations), a page at a time.
 */
export const TeamView = z.object({
  slug: z.string(),
  name: z.string(),
  createdAt: iso,
  viewer: z.object({ member: z.boolean(), owner: z.boolean() }),
  members: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      /** for the team's own members only */
      email: z.string().optional(),
      role,
      since: iso,
    }),
  ),
  /** the attempts ledger: per task and release, the team's scored uploads and how many are public now */
  attempts: z.array(
    z.object({
      task: z.string(),
      taskName: z.string(),
      release: z.string(),
      hidden: z.boolean(),
      current: z.boolean(),
      uploads: z.number().int().nonnegative(),
      public: z.number().int().nonnegative(),
      withdrawn: z.number().int().nonnegative(),
    }),
  ),
  /** how many submissions the viewer may see in all, and which page of them `submissions` is */
  submissionTotal: z.number().int().nonnegative(),
  ...PageFields,
  submissions: z.array(
    z.object({
      id: z.uuid(),
      task: z.string(),
      taskName: z.string(),
      model: z.string(),
      visibility: z.enum(["public", "private"]),
      /** the one word for where it stands: withdrawn, held for review, hidden, private or public */
      status: z.enum(SUBMISSION_STATUSES),
      hidden: z.object({ reason: z.string().nullable() }).nullable(),
      verified: z.object({ by: z.string().nullable(), at: iso }).nullable(),
      createdAt: iso,
    }),
  ),
  /** members only: the live tokens (their prefixes, never the secrets) */
  tokens: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      prefix: z.string(),
      createdBy: z.string().nullable(),
      createdAt: iso,
      lastUsedAt: iso.nullable(),
      admin: z.boolean(),
    }),
  ),
  /** owners only: the open invitations */
  invitations: z.array(z.object({ id: z.uuid(), createdAt: iso, expiresAt: iso })),
});
export type TeamView = z.infer<typeof TeamView>;

/** PATCH /api/v1/teams/{slug} (200). */
export const TeamRenamed = z.object({ slug: z.string(), name: z.string() });

/** POST /api/v1/teams/{slug}/invitations (201): the link is shown this once. */
export const InvitationCreated = z.object({ url: z.string(), expiresAt: iso, team: z.string() });

/** POST /api/v1/invitations/{token} (200): the team joined, and the role in it. */
export const InvitationAccepted = z.object({ team: z.object({ slug: z.string(), name: z.string() }), role });

/** PATCH /api/v1/teams/{slug}/members/{userId} (200). */
export const MemberRole = z.object({ userId: z.uuid(), role });

/** POST and DELETE /api/v1/admin/teams/{slug}/approval (200). */
export const TeamApproval = z.object({ team: z.string(), approved: z.boolean(), approvedAt: iso.nullable() });

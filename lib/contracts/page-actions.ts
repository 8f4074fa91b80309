// The pages' action forms (components/ui/action-form.tsx, app/page-actions.ts): one button's
// work, sent as a form so that it works without JavaScript. Each operation is an API route's
// work, with that route's own params and body schemas: the fields of a form are the route's.
import { z } from "zod";
import { TokenIdParams } from "./accounts";
import { SitePath } from "./common";
import { HideBody, IdParams } from "./submissions";
import { InvitationParams, MemberParams, SlugParams } from "./teams";

/** A form field's "true"/"false" (a hidden input carries no boolean). */
const flag = z.enum(["true", "false"], { error: "true or false" }).transform((v) => v === "true");
/** The hide reason as `POST /api/v1/admin/submissions/{id}/hide` takes it (a form's reason is never null). */
const reason = HideBody.shape.reason.unwrap();

/** One operation and its fields; the comment names the API route doing the same work. */
export const PageAction = z.discriminatedUnion("op", [
  /** POST /api/v1/admin/teams/{slug}/approval */
  SlugParams.extend({ op: z.literal("team-approve") }),
  /** DELETE /api/v1/admin/teams/{slug}/approval */
  SlugParams.extend({ op: z.literal("team-unapprove") }),
  /** POST /api/v1/invitations/{token} */
  InvitationParams.extend({ op: z.literal("invitation-accept") }),
  /** POST /api/v1/admin/submissions/{id}/verify */
  IdParams.extend({ op: z.literal("submission-verify"), verified: flag }),
  /** POST /api/v1/admin/submissions/{id}/hide with a reason */
  IdParams.extend({ op: z.literal("submission-hide"), reason }),
  /** POST /api/v1/admin/submissions/{id}/hide with { reason: null } */
  IdParams.extend({ op: z.literal("submission-show") }),
  /** PATCH /api/v1/submissions/{id} { visibility } */
  IdParams.extend({ op: z.literal("submission-visibility"), visibility: z.enum(["public", "private"]) }),
  /** PATCH /api/v1/submissions/{id} { withdrawn: true } */
  IdParams.extend({ op: z.literal("submission-withdraw") }),
  /** DELETE /api/v1/admin/submissions/{id} */
  IdParams.extend({ op: z.literal("submission-delete") }),
  /** PATCH /api/v1/teams/{slug}/members/{userId} */
  MemberParams.extend({ op: z.literal("member-role"), role: z.enum(["owner", "member"]) }),
  /** DELETE /api/v1/teams/{slug}/members/{userId} */
  MemberParams.extend({ op: z.literal("member-remove") }),
  /** DELETE /api/v1/tokens/{id} */
  TokenIdParams.extend({ op: z.literal("token-revoke") }),
]);
export type PageAction = z.infer<typeof PageAction>;
export type PageActionOp = PageAction["op"];

/** What a form says of itself beside its operation. */
export const PageActionForm = z.object({
  /** the page it was sent from, to show again after the work (without JavaScript, a 303 to it) */
  back: SitePath.optional().catch(undefined),
  /** "1": this button asks first, so the work waits for `confirmed` */
  ask: z.literal("1").optional(),
  /** "1": the reader said yes (a confirm() with JavaScript, a second button without) */
  confirmed: z.literal("1").optional(),
});

/** What the form shows after it was sent (a success leaves the page instead: a redirect). */
export const PageActionState = z.object({
  /** it asks first: show the question and a second button */
  confirm: z.boolean().optional(),
  /** what went wrong, in words */
  error: z.string().optional(),
  /** the reason as typed, to fill the field again after a refusal */
  reason: z.string().optional(),
});
export type PageActionState = z.infer<typeof PageActionState>;

// The OpenAPI 3.1 document of /api/v1, built from lib/contracts' zod schemas: the requests the
// route handlers validate with, and the answers they send through respond() (zod 4's JSON Schema
// output, draft 2020-12 as OpenAPI 3.1 uses). test/integration/openapi.test.ts fails when a route
// under app/api/v1 is missing here, an entry names none, or a JSON answer has no schema.
import { z, type ZodType } from "zod";
import { SESSION_COOKIE_NAME } from "@/lib/server/auth";
import {
  Me,
  SignedUp,
  SignupBody,
  TokenBody,
  TokenCreated,
  TokenIdParams,
  TokenList,
  UnlockBody,
  Unlocked,
} from "./contracts/accounts";
import { ActivityList, ActivityQuery, TaskQuota, TaskQuotaBody } from "./contracts/admin";
import { BreakdownQuery, LengthBuckets, PolicyAggregates, PolicyQuery, SubmissionBreakdown } from "./contracts/charts";
import { ErrorBody, Metrics } from "./contracts/common";
import { JobIdParams, JobResponse } from "./contracts/jobs";
import {
  BenchmarkList,
  Changelog,
  ChangelogQuery,
  Leaderboard,
  LeaderboardView,
  Pivot,
  PivotQuery,
  ReleaseQuery,
  TaskBreakdowns,
  TaskParams,
} from "./contracts/leaderboards";
import {
  PredictionTemplateFile,
  ReleaseIdsQuery,
  ReleaseInstanceIds,
  ReleaseVersionParams,
} from "./contracts/release-files";
import {
  ReleaseDetail,
  ReleaseFields,
  ReleaseIdParams,
  ReleaseImported,
  ReleaseList,
  ReleasePublished,
} from "./contracts/releases";
import { Health, HealthDown, Liveness, OpenApiDocument, Readiness, ReadinessDown } from "./contracts/service";
import {
  SnapshotFileParams,
  SnapshotList,
  SnapshotManifest,
  SnapshotParams,
  SnapshotQueued,
  SnapshotSignature,
  TakedownBody,
} from "./contracts/snapshots";
import {
  ComposeBody,
  Composed,
  Hidden,
  HideBody,
  IdParams,
  InstancesQuery,
  PredictionDownloadQuery,
  PredictionParams,
  StoredPrediction,
  Submission,
  SubmissionFields,
  SubmissionInstances,
  SubmissionPatch,
  SubmissionUpdated,
  UploadJudging,
  UploadQueued,
  UploadScored,
  Verified,
  VerifyBody,
} from "./contracts/submissions";
import {
  InvitationAccepted,
  InvitationCreated,
  InvitationParams,
  MemberParams,
  MemberRole,
  RoleBody,
  SlugParams,
  TeamApproval,
  TeamNameBody,
  TeamRenamed,
  TeamView,
} from "./contracts/teams";

type Access = "anyone" | "member" | "owner" | "admin" | "as the submission";

export interface Operation {
  method: "get" | "post" | "patch" | "delete";
  /** OpenAPI path, e.g. /api/v1/submissions/{id} */
  path: string;
  summary: string;
  access: Access;
  tag: string;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** multipart/form-data: the fields, and the name of the file part */
  multipart?: { fields: ZodType; file: string };
  /** every status the operation answers, described */
  responses: Record<number, string>;
  /**
   * the JSON body of an answer, by status: lib/contracts' schema the handler answers with through
   * respond(). Every success status with a body has one, unless `produces` names no JSON type
   * (test/integration/openapi.test.ts); error statuses default to the error shape.
   */
  returns?: Partial<Record<number, ZodType>>;
  /** the media types of its success answers when not only JSON, comma-separated (JSON first) */
  produces?: string;
}

const ERR = {
  400: "bad request",
  401: "no or bad credentials",
  403: "not allowed",
  404: "not found (or not visible to you)",
  422: "validation failed: details.problems",
};

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/v1/health",
    summary: "Liveness and database check",
    access: "anyone",
    tag: "service",
    responses: {
      200: "the database answers; the live workers",
      503: "the database is down (Retry-After)",
    },
    returns: { 200: Health, 503: HealthDown },
  },
  {
    method: "get",
    path: "/api/v1/health/live",
    summary: "Liveness: the process runs (never touches the database)",
    access: "anyone",
    tag: "service",
    responses: { 200: "the process runs" },
    returns: { 200: Liveness },
  },
  {
    method: "get",
    path: "/api/v1/health/ready",
    summary: "Readiness: the database answers and every migration is applied",
    access: "anyone",
    tag: "service",
    responses: {
      200: "ready",
      503: "the database or the migrations are not ready (Retry-After)",
    },
    returns: { 200: Readiness, 503: ReadinessDown },
  },
  {
    method: "get",
    path: "/api/v1/openapi.json",
    summary: "This document",
    access: "anyone",
    tag: "service",
    responses: { 200: "OpenAPI 3.1" },
    returns: { 200: OpenApiDocument },
  },
  {
    method: "get",
    path: "/api/v1/me",
    summary: "Who the caller is: user, admin, teams with roles",
    access: "member",
    tag: "accounts",
    responses: { 200: "the caller", 401: ERR[401] },
    returns: { 200: Me },
  },
  {
    method: "post",
    path: "/api/v1/signup",
    summary: "Create an account and a team of its own",
    access: "anyone",
    tag: "accounts",
    body: SignupBody,
    responses: {
      201: "the account and its team",
      409: "email taken",
      422: ERR[422],
      429: "too many sign-ups from your address",
    },
    returns: { 201: SignedUp },
  },
  {
    method: "get",
    path: "/api/v1/tokens",
    summary: "Your teams' API tokens (never the secrets)",
    access: "member",
    tag: "accounts",
    responses: { 200: "the live tokens, newest first", 401: ERR[401] },
    returns: { 200: TokenList },
  },
  {
    method: "post",
    path: "/api/v1/tokens",
    summary: "Create an API token for your team (shown once)",
    access: "member",
    tag: "accounts",
    body: TokenBody,
    responses: { 201: "the token, its secret shown this once", 403: ERR[403], 429: "30 an hour" },
    returns: { 201: TokenCreated },
  },
  {
    method: "delete",
    path: "/api/v1/tokens/{id}",
    summary: "Revoke a token (the team's owners, its creator, admins)",
    access: "member",
    tag: "accounts",
    params: TokenIdParams,
    responses: { 204: "revoked", 403: ERR[403], 404: ERR[404] },
  },
  {
    method: "get",
    path: "/api/v1/teams/{slug}",
    summary: "A team: members and public submissions; members also see private ones, tokens, open invitations",
    access: "anyone",
    tag: "teams",
    params: SlugParams,
    responses: { 200: "the team", 404: ERR[404] },
    returns: { 200: TeamView },
  },
  {
    method: "patch",
    path: "/api/v1/teams/{slug}",
    summary: "Rename a team (owners); a name that looks like another team's (Unicode TS #39 skeleton) is refused",
    access: "owner",
    tag: "teams",
    params: SlugParams,
    body: TeamNameBody,
    responses: { 200: "renamed", 404: ERR[404], 409: "the name looks like another team's", 422: ERR[422] },
    returns: { 200: TeamRenamed },
  },
  {
    method: "post",
    path: "/api/v1/teams/{slug}/invitations",
    summary: "A single-use invitation link, valid 7 days",
    access: "owner",
    tag: "teams",
    params: SlugParams,
    responses: { 201: "the link, shown this once", 403: ERR[403], 404: ERR[404] },
    returns: { 201: InvitationCreated },
  },
  {
    method: "patch",
    path: "/api/v1/teams/{slug}/members/{userId}",
    summary: "Change a member's role (never leaves the team without an owner)",
    access: "owner",
    tag: "teams",
    params: MemberParams,
    body: RoleBody,
    responses: { 200: "the member's role now", 409: "the last owner", 404: ERR[404] },
    returns: { 200: MemberRole },
  },
  {
    method: "delete",
    path: "/api/v1/teams/{slug}/members/{userId}",
    summary: "Remove a member (owners), or leave (oneself)",
    access: "member",
    tag: "teams",
    params: MemberParams,
    responses: { 204: "removed", 409: "the last owner", 404: ERR[404] },
  },
  {
    method: "post",
    path: "/api/v1/invitations/{token}",
    summary: "Accept an invitation: the signed-in user joins as a member",
    access: "member",
    tag: "teams",
    params: InvitationParams,
    responses: { 200: "the team joined", 404: ERR[404], 409: "used or expired" },
    returns: { 200: InvitationAccepted },
  },
  {
    method: "get",
    path: "/api/v1/benchmarks",
    summary: "Benchmarks, their tasks and current releases",
    access: "anyone",
    tag: "leaderboards",
    responses: { 200: "the catalog" },
    returns: { 200: BenchmarkList },
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/leaderboard",
    summary: "A leaderboard view (JSON, or CSV with format=csv)",
    access: "anyone",
    tag: "leaderboards",
    params: TaskParams,
    query: LeaderboardView,
    responses: {
      200: "the board — view=best (default): one row per system; view=all: every submission — or text/csv with format=csv",
      304: "not modified (ETag)",
      404: ERR[404],
    },
    returns: { 200: Leaderboard },
    produces: "application/json, text/csv",
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/breakdowns",
    summary: "The attributes a release offers for per-slice breakdowns (repository, difficulty, length, …)",
    access: "anyone",
    tag: "leaderboards",
    params: TaskParams,
    query: ReleaseQuery,
    responses: {
      200: "the release's attributes",
      403: ERR[403],
      404: ERR[404],
    },
    returns: { 200: TaskBreakdowns },
  },
  {
    method: "post",
    path: "/api/v1/tasks/{benchmark}/{task}/compose",
    summary:
      "A BouncerBench Lite entry built from an Input and an Output submission (the paper's Figure 4 pipeline): each shared instance's input bounce and output bounce, stored and scored as a new Lite submission of your team",
    access: "member",
    tag: "submissions",
    params: TaskParams,
    body: ComposeBody,
    responses: {
      201: "stored and scored (Location: the submission)",
      400: "not a pipeline task",
      401: ERR[401],
      404: "a submission you cannot see",
      409: "your team already has this exact pipeline",
      422: ERR[422],
      429: "upload quota",
    },
    returns: { 201: Composed },
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/pivot",
    summary:
      "Two system-metadata dimensions crossed (agent × base model by default), each cell the best complete public submission's value of a metric (CI-Bench Table 1's shape)",
    access: "anyone",
    tag: "leaderboards",
    params: TaskParams,
    query: PivotQuery,
    responses: {
      200: "the table",
      400: "rows and cols are the same dimension, or the metric is not one of the task's",
      404: ERR[404],
      422: ERR[422],
    },
    returns: { 200: Pivot },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/breakdown",
    summary: "A score's metrics on each slice of instances by a release attribute, with bootstrap CIs",
    access: "as the submission",
    tag: "submissions",
    params: IdParams,
    query: BreakdownQuery,
    responses: {
      200: "the slices",
      403: ERR[403],
      404: ERR[404],
      422: ERR[422],
    },
    returns: { 200: SubmissionBreakdown },
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/releases",
    summary: "The task's releases (drafts for admins)",
    access: "anyone",
    tag: "leaderboards",
    params: TaskParams,
    responses: { 200: "the releases, newest first", 404: ERR[404] },
    returns: { 200: ReleaseList },
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/releases/{version}/instances",
    summary:
      "A release's instance ids in release order (JSON, or one per line with format=txt, as an attachment); nothing of the truth",
    access: "anyone",
    tag: "leaderboards",
    params: ReleaseVersionParams,
    query: ReleaseIdsQuery,
    responses: {
      200: "the ids — or text/plain with format=txt",
      304: "not modified (ETag)",
      403: "a hidden release (admins aside)",
      404: "no such release (a draft is an admin's only)",
      422: ERR[422],
    },
    returns: { 200: ReleaseInstanceIds },
    produces: "application/json, text/plain",
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/releases/{version}/template",
    summary:
      "A blank prediction file for the release (an attachment): every instance id in the task's official upload shape, the values to fill null (CI-Bench: {} per artifact — a null patch is an answer); filled in, it uploads as it is",
    access: "anyone",
    tag: "leaderboards",
    params: ReleaseVersionParams,
    responses: {
      200: "{ <instance_id>: { <the task's prediction fields>: null, … }, … }",
      304: "not modified (ETag)",
      403: "a hidden release (admins aside)",
      404: "no such release (a draft is an admin's only), or a task kind without a template",
      422: ERR[422],
    },
    returns: { 200: PredictionTemplateFile },
    produces: "application/json",
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/snapshots",
    summary: "The task's content-addressed snapshots, newest first (taken-down ones say when and why)",
    access: "anyone",
    tag: "leaderboards",
    params: TaskParams,
    responses: {
      200: "the snapshots, newest first",
      404: ERR[404],
    },
    returns: { 200: SnapshotList },
  },
  {
    method: "get",
    path: "/api/v1/snapshots/{id}",
    summary: "A snapshot's manifest.json: its SHA-256 is the id; each file's SHA-256, size and rows (immutable)",
    access: "anyone",
    tag: "leaderboards",
    params: SnapshotParams,
    responses: { 200: "manifest.json, as stored", 404: "unknown, or taken down (saying when and why)" },
    returns: { 200: SnapshotManifest },
  },
  {
    method: "get",
    path: "/api/v1/snapshots/{id}/eee",
    summary:
      "The snapshot in the Every Eval Ever schema 0.3.0: one aggregate record per system, JSON Lines of { path, record }",
    access: "anyone",
    tag: "leaderboards",
    params: SnapshotParams,
    responses: { 200: "application/x-ndjson", 404: ERR[404] },
    produces: "application/x-ndjson",
  },
  {
    method: "get",
    path: "/api/v1/snapshots/{id}/files/{name}",
    summary:
      "One file of a snapshot: board, instances and predictions as .parquet and .csv.gz (immutable; a hidden release's has the board only)",
    access: "anyone",
    tag: "leaderboards",
    params: SnapshotFileParams,
    responses: {
      200: "the file: manifest.json (JSON), a table as Parquet or gzipped CSV",
      404: "unknown file, snapshot, or a per-instance file of a hidden release",
    },
    returns: { 200: SnapshotManifest },
    produces: "application/json, application/vnd.apache.parquet, application/gzip",
  },
  {
    method: "get",
    path: "/api/v1/snapshots/{id}/signature",
    summary:
      "The host's detached Ed25519 signature over the snapshot's manifest.json bytes and the key that made it (keys: /.well-known/leaderboard-keys.json; immutable)",
    access: "anyone",
    tag: "leaderboards",
    params: SnapshotParams,
    responses: {
      200: "{ alg: Ed25519, keyId, signature: base64 of 64 bytes }",
      404: "unknown, or taken down (saying when and why)",
      422: ERR[422],
    },
    returns: { 200: SnapshotSignature },
  },
  {
    method: "get",
    path: "/api/v1/tasks/{benchmark}/{task}/changelog",
    summary: "Releases, re-scores, verifications and new public entries (JSON or Atom)",
    access: "anyone",
    tag: "leaderboards",
    params: TaskParams,
    query: ChangelogQuery,
    responses: {
      200: "the events, newest first; next is the cursor of older events (?before=next), null on the last page — or the Atom feed with format=atom",
      404: ERR[404],
    },
    returns: { 200: Changelog },
    produces: "application/json, application/atom+xml",
  },
  {
    method: "post",
    path: "/api/v1/tasks/{benchmark}/{task}/submissions",
    summary: "Upload predictions: validated, scored and stored in one transaction (large files: 202 and a job)",
    access: "member",
    tag: "submissions",
    params: TaskParams,
    multipart: { fields: SubmissionFields, file: "file" },
    responses: {
      200: "a dry run: validated (id null), nothing stored",
      201: "stored and scored (Location: the submission; X-Quota-*)",
      202: "queued: a large file, scored by a worker (follow job.url) — or judging: CR-Bench comments without verdicts, decided by the server's judge, then scored (follow url)",
      409: "the model name is another team's, or the file is byte-identical to a live submission of the team (details.submissionId)",
      413: "file too large",
      422: ERR[422],
      429: "rate limit or quota (Retry-After, X-Quota-*)",
    },
    returns: { 200: UploadScored, 201: UploadScored, 202: z.union([UploadQueued, UploadJudging]) },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}",
    summary: "A submission: metadata, metrics, verification, validation",
    access: "as the submission",
    tag: "submissions",
    params: IdParams,
    responses: { 200: "the submission", 404: ERR[404] },
    returns: { 200: Submission },
  },
  {
    method: "patch",
    path: "/api/v1/submissions/{id}",
    summary: "Change visibility or the logs link, or withdraw it (the team's owners, admins)",
    access: "owner",
    tag: "submissions",
    params: IdParams,
    body: SubmissionPatch,
    responses: { 200: "what it is now", 403: ERR[403], 404: ERR[404], 422: ERR[422] },
    returns: { 200: SubmissionUpdated },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/instances",
    summary: "Per-instance predictions with truth and outcome (not on hidden releases)",
    access: "as the submission",
    tag: "submissions",
    params: IdParams,
    query: InstancesQuery,
    responses: { 200: "a page of instances", 403: "hidden release", 404: ERR[404] },
    returns: { 200: SubmissionInstances },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/predictions/{instance}",
    summary: "One stored prediction, whole (download=1: as a file, with Content-Disposition)",
    access: "as the submission",
    tag: "submissions",
    params: PredictionParams,
    query: PredictionDownloadQuery,
    responses: { 200: "the prediction", 404: ERR[404], 422: ERR[422] },
    returns: { 200: StoredPrediction },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/length-buckets",
    summary: "TPR and FPR by issue length (input) or patch length (output) over the instances that have one",
    access: "as the submission",
    tag: "submissions",
    params: IdParams,
    query: ReleaseQuery,
    responses: {
      200: "the buckets",
      403: "hidden release",
      404: "no lengths: the reason",
    },
    returns: { 200: LengthBuckets },
  },
  {
    method: "get",
    path: "/api/v1/submissions/{id}/policy",
    summary: "Abstain-and-Validate threshold explorer aggregates",
    access: "as the submission",
    tag: "submissions",
    params: IdParams,
    query: PolicyQuery,
    responses: { 200: "aggregates", 400: ERR[400], 403: "hidden release" },
    returns: { 200: PolicyAggregates },
  },
  {
    method: "get",
    path: "/api/v1/jobs/{id}",
    summary: "A background job you started: status, progress, error",
    access: "member",
    tag: "jobs",
    params: JobIdParams,
    responses: { 200: "the job", 404: ERR[404] },
    returns: { 200: JobResponse },
  },
  {
    method: "post",
    path: "/api/v1/admin/releases",
    summary: "Import a dataset release (all-or-nothing), optionally publishing it",
    access: "admin",
    tag: "admin",
    multipart: { fields: ReleaseFields, file: "file" },
    responses: {
      201: "imported: the release, what the file held, its diff, the re-score a publish queued",
      409: "version exists",
      413: "file too large",
      422: ERR[422],
    },
    returns: { 201: ReleaseImported },
  },
  {
    method: "get",
    path: "/api/v1/admin/releases/{id}",
    summary: "A release with its first rows (truth included) and diff",
    access: "admin",
    tag: "admin",
    params: ReleaseIdParams,
    responses: { 200: "the release", 404: ERR[404] },
    returns: { 200: ReleaseDetail },
  },
  {
    method: "post",
    path: "/api/v1/admin/releases/{id}/publish",
    summary: "Publish a draft: archives the current release, re-scores in the background",
    access: "admin",
    tag: "admin",
    params: ReleaseIdParams,
    responses: { 202: "published; the re-score's job", 409: "not a draft" },
    returns: { 202: ReleasePublished },
  },
  {
    method: "post",
    path: "/api/v1/admin/releases/{id}/snapshots",
    summary: "Snapshot a published release now (a job; at most one at a time per release)",
    access: "admin",
    tag: "admin",
    params: ReleaseIdParams,
    responses: {
      202: "queued: follow job.url",
      404: ERR[404],
      409: "not published, or a snapshot is already being made",
    },
    returns: { 202: SnapshotQueued },
  },
  {
    method: "delete",
    path: "/api/v1/admin/snapshots/{id}",
    summary: "Take a snapshot down: its files are deleted, its listing says when and why",
    access: "admin",
    tag: "admin",
    params: SnapshotParams,
    body: TakedownBody,
    responses: { 204: "taken down", 404: ERR[404] },
  },
  {
    method: "get",
    path: "/api/v1/admin/jobs/{id}",
    summary: "Any job",
    access: "admin",
    tag: "admin",
    params: JobIdParams,
    responses: { 200: "the job", 404: ERR[404] },
    returns: { 200: JobResponse },
  },
  {
    method: "patch",
    path: "/api/v1/admin/tasks/{benchmark}/{task}",
    summary: "A task's upload quotas, and whether its hidden release takes uploads from approved teams only",
    access: "admin",
    tag: "admin",
    params: TaskParams,
    body: TaskQuotaBody,
    responses: { 200: "the task's quotas now, and the defaults", 404: ERR[404], 422: ERR[422] },
    returns: { 200: TaskQuota },
  },
  {
    method: "post",
    path: "/api/v1/admin/teams/{slug}/approval",
    summary: "Approve a team for hidden releases of 'approved teams only' tasks",
    access: "admin",
    tag: "admin",
    params: SlugParams,
    responses: { 200: "approved", 404: ERR[404] },
    returns: { 200: TeamApproval },
  },
  {
    method: "delete",
    path: "/api/v1/admin/teams/{slug}/approval",
    summary: "Withdraw a team's approval",
    access: "admin",
    tag: "admin",
    params: SlugParams,
    responses: { 200: "not approved (approvedAt null)", 404: ERR[404] },
    returns: { 200: TeamApproval },
  },
  {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/verify",
    summary: "Mark a submission verified (or withdraw it)",
    access: "admin",
    tag: "admin",
    params: IdParams,
    body: VerifyBody,
    responses: { 200: "its verification now (null: none)", 404: ERR[404] },
    returns: { 200: Verified },
  },
  {
    method: "post",
    path: "/api/v1/admin/submissions/{id}/hide",
    summary: "Hide from public views with a reason its team sees (reason null: show again)",
    access: "admin",
    tag: "admin",
    params: IdParams,
    body: HideBody,
    responses: { 200: "hidden now (null: shown)", 404: ERR[404] },
    returns: { 200: Hidden },
  },
  {
    method: "delete",
    path: "/api/v1/admin/submissions/{id}",
    summary: "Delete a submission with its predictions and scores",
    access: "admin",
    tag: "admin",
    params: IdParams,
    responses: { 204: "deleted", 404: ERR[404] },
  },
  {
    method: "post",
    path: "/api/v1/admin/users/unlock",
    summary: "Clear an account's failed sign-ins: its slowdown and every (account, client) limit",
    access: "admin",
    tag: "admin",
    body: UnlockBody,
    responses: { 200: "whether the account exists, and the limits cleared", 422: ERR[422] },
    returns: { 200: Unlocked },
  },
  {
    method: "get",
    path: "/api/v1/admin/activity",
    summary: "The activity log, newest first, filtered",
    access: "admin",
    tag: "admin",
    query: ActivityQuery,
    responses: { 200: "the events; next pages back (?before=next), null on the last page" },
    returns: { 200: ActivityList },
  },
];

/** Schemas named once under components (recursive ones must be): zod schema → component name. */
const COMPONENTS = new Map<ZodType, string>([
  [Metrics, "Metrics"],
  [ErrorBody, "Error"],
]);

/**
 * A zod schema as JSON Schema: the input side for what a client sends (transforms and defaults
 * apply after), the output side for what it gets back. Component schemas become $refs.
 */
function jsonSchema(s: ZodType, io: "input" | "output" = "input", top = true): Record<string, unknown> {
  const j = z.toJSONSchema(s, {
    io,
    unrepresentable: "any",
    override: (ctx) => {
      // zod types the context's schema as its core type; it is the same object COMPONENTS is keyed by
      const zs = ctx.zodSchema as unknown as ZodType;
      const name = COMPONENTS.get(zs);
      if (!name || (!top && zs === s)) return;
      const out = ctx.jsonSchema as Record<string, unknown>;
      for (const k of Object.keys(out)) delete out[k];
      out.$ref = `#/components/schemas/${name}`;
    },
  }) as Record<string, unknown>;
  delete j.$schema;
  return inlineDefs(j);
}

/** zod puts a reused schema under $defs; inside an OpenAPI document those refs would point at its root, so they are inlined. */
function inlineDefs(j: Record<string, unknown>): Record<string, unknown> {
  const defs = (j.$defs ?? {}) as Record<string, unknown>;
  delete j.$defs;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== "object") return v;
    const o = v as Record<string, unknown>;
    if (typeof o.$ref === "string" && o.$ref.startsWith("#/$defs/")) return walk(defs[o.$ref.slice("#/$defs/".length)]);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return walk(j) as Record<string, unknown>;
}

function parameters(s: ZodType | undefined, where: "path" | "query") {
  if (!s) return [];
  // params and queries are z.object()s: their JSON Schema is an object schema
  const j = jsonSchema(s) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(j.properties ?? {}).map(([name, schema]) => ({
    name,
    in: where,
    required: where === "path" || (j.required ?? []).includes(name),
    ...(typeof schema.description === "string" ? { description: schema.description } : {}),
    schema,
  }));
}

/** Media types whose bodies are text (the rest of a `produces` list is binary). */
const TEXT = /^(text\/|application\/(atom\+xml|x-ndjson))/;

/** The media types an operation's success answers come in (`produces`, JSON by default). */
export function successTypes(op: Operation): string[] {
  return (op.produces ?? "application/json").split(",").map((t) => t.trim());
}

/**
 * An answer's body: its contract's schema as JSON (an error answer's default: the error shape),
 * and for a success, each other media type it may come in. 204 and 3xx have none.
 */
function answerContent(op: Operation, status: number): { content?: Record<string, unknown> } {
  const schema = op.returns?.[status];
  if (status >= 400)
    return {
      content: {
        "application/json": { schema: schema ? jsonSchema(schema, "output") : { $ref: "#/components/schemas/Error" } },
      },
    };
  if (status === 204 || status >= 300) return {};
  const content: Record<string, unknown> = {};
  for (const type of successTypes(op)) {
    if (type !== "application/json")
      content[type] = { schema: TEXT.test(type) ? { type: "string" } : { type: "string", format: "binary" } };
    else if (schema) content[type] = { schema: jsonSchema(schema, "output") };
  }
  return Object.keys(content).length ? { content } : {};
}

const documents = new Map<string, ReturnType<typeof buildDocument>>();

/**
 * The OpenAPI 3.1 document, for a server at `serverUrl`: a pure function of the code, built once
 * per process and URL (converting every schema took ~20 ms a request of `/docs/api`). Read-only.
 */
export function openApiDocument(serverUrl: string) {
  let doc = documents.get(serverUrl);
  if (!doc) {
    if (documents.size >= 8) documents.clear();
    doc = buildDocument(serverUrl);
    documents.set(serverUrl, doc);
  }
  return doc;
}

function buildDocument(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const security = op.access === "anyone" ? [] : [{ bearer: [] }, { session: [] }];
    const requestBody = op.body
      ? { required: true, content: { "application/json": { schema: jsonSchema(op.body) } } }
      : op.multipart
        ? {
            required: true,
            content: {
              "multipart/form-data": {
                schema: (() => {
                  // a form's fields are a z.object(): its JSON Schema is an object schema
                  const f = jsonSchema(op.multipart.fields) as {
                    properties?: Record<string, unknown>;
                    required?: string[];
                  };
                  return {
                    type: "object",
                    properties: { ...f.properties, [op.multipart.file]: { type: "string", format: "binary" } },
                    required: [...(f.required ?? []), op.multipart.file],
                  };
                })(),
              },
            },
          }
        : undefined;
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      description: `Who: ${op.access}.`,
      tags: [op.tag],
      operationId: `${op.method}${op.path
        .replace(/^\/api\/v1/, "")
        .replace(/[{}]/g, "")
        .replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      security,
      parameters: [...parameters(op.params, "path"), ...parameters(op.query, "query")],
      ...(requestBody ? { requestBody } : {}),
      responses: Object.fromEntries(
        Object.entries(op.responses).map(([status, description]) => [
          status,
          { description, ...answerContent(op, Number(status)) },
        ]),
      ),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Trustworthy SE Agents Leaderboard API",
      version: "1",
      description:
        "Leaderboards for BouncerBench, Abstain-and-Validate, CI-Bench and CR-Bench, scored on the server. Errors are { error: { code, message, details } }; validation failures list details.problems. Rate limits and quotas answer 429 with Retry-After.",
    },
    servers: [{ url: serverUrl }],
    tags: ["service", "accounts", "teams", "leaderboards", "submissions", "jobs", "admin"].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API token: account page, POST /api/v1/tokens, or `npm run cli -- token create`",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE_NAME,
          description: "A signed-in browser; writes need Origin or Sec-Fetch-Site from this site",
        },
      },
      schemas: {
        Error: jsonSchema(ErrorBody, "output", false),
        Metrics: {
          type: "object",
          description: "metric values by key (nested for multi-part tasks); null where undefined",
          additionalProperties: {
            anyOf: [{ type: "number" }, { type: "null" }, { $ref: "#/components/schemas/Metrics" }],
          },
        },
      },
    },
  };
}

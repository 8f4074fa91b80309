// The upload form without JavaScript (components/upload/upload-form.tsx): a browser posts the form
// itself to the upload route, which answers an API client with JSON. A browser's navigation gets a
// page instead, by a 303 (Post/Redirect/Get): stored → the submission's page (its score, standing
// and audit, or its progress); refused → the upload page again, which shows the refusal (the
// message and the first problems) from a cookie of that page that lives ten minutes and is named
// by an id in the URL. Nothing of it is kept on the server, so any web process shows it.
import crypto from "node:crypto";
import { ErrorBody } from "@/lib/contracts/common";
import { UploadRefusal } from "@/lib/contracts/submissions";
import { secureCookies } from "@/lib/server/auth";

/** The cookie a refusal is kept in, on the upload page's path only. */
export const UPLOAD_REFUSAL_COOKIE = "upload-refusal";
const MAX_COOKIE_BYTES = 3800;
const REFUSAL_SECONDS = 600;

/**
 * Whether a request is a browser's own form navigation (a page should answer it), not a script's
 * or an API client's call: `Sec-Fetch-Mode: navigate`, or (a browser without Fetch Metadata) an
 * Accept that asks for HTML first.
 */
export function isFormNavigation(req: Request): boolean {
  const mode = req.headers.get("sec-fetch-mode");
  if (mode !== null) return mode === "navigate";
  return (req.headers.get("accept") ?? "").startsWith("text/html");
}

/** The upload route's JSON answer as the page a browser's form navigation goes to next. */
export async function uploadFormAnswer(res: Response, task: { benchmark: string; task: string }): Promise<Response> {
  const body: unknown = await res.json().catch(() => null);
  const id = (body as { id?: unknown } | null)?.id;
  if (res.ok && typeof id === "string") return seeOther(`/submissions/${id}`);
  const refusal = refusalOf(res.status, body);
  const page = `/tasks/${encodeURIComponent(task.benchmark)}/${encodeURIComponent(task.task)}/submit`;
  const cookie = [
    `${UPLOAD_REFUSAL_COOKIE}=${encodeRefusal(refusal)}`,
    `Path=${page}`,
    `Max-Age=${REFUSAL_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secureCookies() ? ["Secure"] : []),
  ].join("; ");
  return seeOther(`${page}?refused=${refusal.id}`, cookie);
}

function seeOther(location: string, cookie?: string): Response {
  const headers = new Headers({ location, "cache-control": "private, no-store" });
  if (cookie) headers.set("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

/** What the page shows of an error answer (a success without an id, a dry run, is not a form's). */
function refusalOf(status: number, body: unknown): UploadRefusal {
  const error = ErrorBody.safeParse(body).data?.error;
  return {
    id: crypto.randomBytes(9).toString("base64url"),
    status,
    message: (error?.message ?? `the upload was not stored (HTTP ${status})`).slice(0, 1000),
    problems: error?.details?.problems?.slice(0, 20) ?? [],
    problemCount: error?.details?.problemCount ?? error?.details?.problems?.length ?? 0,
  };
}

/** The refusal as a cookie value (base64url JSON), its problems cut until it fits a cookie. */
function encodeRefusal(r: UploadRefusal): string {
  const value = (x: UploadRefusal) => Buffer.from(JSON.stringify(x)).toString("base64url");
  let out = value(r);
  for (let n = r.problems.length - 1; out.length > MAX_COOKIE_BYTES && n >= 0; n--)
    out = value({ ...r, problems: r.problems.slice(0, n), message: r.message.slice(0, 300) });
  return out;
}

/**
 * The refusal the upload page shows: the one its URL names (`?refused=`), read back from the
 * cookie; null when there is none, it is another's, or it does not parse.
 */
export function readUploadRefusal(cookieValue: string | undefined, named: string | undefined): UploadRefusal | null {
  if (!cookieValue || !named) return null;
  try {
    const r = UploadRefusal.safeParse(JSON.parse(Buffer.from(cookieValue, "base64url").toString("utf8")));
    return r.success && r.data.id === named ? r.data : null;
  } catch {
    return null;
  }
}

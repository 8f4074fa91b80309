// next-auth's session cookie, named in one place: the API's auth, the leaderboard cache (which
// serves only visitors without one) and the OpenAPI document read it from here.

/** The cookie's name (over HTTPS next-auth prefixes it with __Secure-; long ones are chunked .0, .1, …). */
export const SESSION_COOKIE_NAME = "next-auth.session-token";

const SESSION_COOKIE = new RegExp(`(^|;\\s*)(__Secure-)?${SESSION_COOKIE_NAME.replace(/\./g, "\\.")}(\\.\\d+)?=`);

/** Whether a Cookie header carries a session at all (visitors without one skip the session lookup). */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && SESSION_COOKIE.test(cookieHeader);
}

// This example's stand-in for a sign-in: a visitor id kept in a cookie, made once per browser. A real app reads the
// user from its own session cookie or token here; the routes only need "the user of this request, or none".
export const VISITOR_COOKIE = 'visitor';

/** The visitor a request comes from (its cookie), or null: the routes answer 401 without one. */
export function visitorOf(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=([A-Za-z0-9-]{1,64})(?:;|$)`).exec(request.headers.get('cookie') ?? '');
  return match?.[1] ?? null;
}

/** In the browser: makes this browser's visitor cookie if it has none (the first request of a page then carries it). */
export function ensureVisitor(): void {
  if (typeof document === 'undefined' || new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE}=`).test(document.cookie)) return;
  document.cookie = `${VISITOR_COOKIE}=${crypto.randomUUID()}; path=/; max-age=31536000; samesite=lax`;
}

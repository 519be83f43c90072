/**
 * The user a request acts for: every handler of this package takes the same `user` option, the app's auth (a session
 * cookie, a verified JWT) naming the user of a request, or null (401). There is no default: a handler made without one
 * throws, unless the app says `user: 'anonymous'` — a single-user tool where every request is the same user.
 */
import { jsonResponse } from '../http/web-handler.js';
import { fullRequest } from '../http/request-body.js';

/** The app's auth: the user a request acts for, or null when it has none (401). Names are opaque strings. */
export type UserHook = (request: Request) => string | null | undefined | Promise<string | null | undefined>;

/** A {@link UserHook}, or `'anonymous'`: every request is the one user `anonymous` (a single-user, local tool). */
export type UserOption = UserHook | 'anonymous';

/** The user every request of a `user: 'anonymous'` handler acts for. */
export const ANONYMOUS_USER = 'anonymous';

/** The hook of a handler's `user` option; throws when the option is missing, so no handler starts open by mistake. */
export function userHookOf(option: UserOption | undefined, handler: string): UserHook {
  if (option === 'anonymous') return () => ANONYMOUS_USER;
  // On Node's fast path the package's handlers see a light request (http/request-body.ts); the app's hook, a full one.
  if (typeof option === 'function') {
    return (request) => {
      const full = fullRequest(request);
      return full instanceof Promise ? full.then(option) : option(full);
    };
  }
  throw new TypeError(
    `${handler} needs a \`user\` option: \`user: (request) => string | null\` (your auth names the user of a request), or \`user: 'anonymous'\` for a single-user tool where every request is the same user.`,
  );
}

/** The 401 of a request without a user. */
export const unauthenticated = () => jsonResponse(401, { status: 'UNAUTHENTICATED', message: 'This request has no user: sign in.' });

/**
 * A development stand-in for auth: the user is whatever the request's `header` (default `x-agent-user`) says, when it is
 * 1-128 characters of A-Z, a-z, 0-9, `_`, `-`, `.` or `@`. Any client can send any name: never use it where users matter.
 */
export function userFromHeader(header = 'x-agent-user'): UserHook {
  return (request) => {
    const user = request.headers.get(header);
    return user && /^[A-Za-z0-9_.@-]{1,128}$/.test(user) ? user : null;
  };
}

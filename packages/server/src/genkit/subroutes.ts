import { requestUrl } from '../http/request-body.js';

/** Where a request to a protocol handler goes: its route, the turn routes under it, or another path under it. */
export type Subroute = { kind: 'route' } | { kind: 'turns' } | { kind: 'sub'; segments: string[] } | { kind: 'outside' };

/**
 * The request's path relative to `route` (a trailing slash ignored): the route itself, `turns/<id>/<action>`, or the
 * other segments under it (decoded). A handler mounted at another prefix (a Next.js catch-all, `app.use`) still sees
 * the whole path, so `route` is the path the client calls.
 */
export function turnSubroute(route: string, request: Request): Subroute {
  const base = route.replace(/\/+$/, '');
  const path = requestUrl(request).pathname.replace(/\/+$/, '');
  if (path === base) return { kind: 'route' };
  if (!path.startsWith(`${base}/`)) return { kind: 'outside' };
  let segments: string[];
  try {
    segments = path.slice(base.length + 1).split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return { kind: 'outside' }; // a malformed escape names no route
  }
  if (segments[0] === 'turns' && segments.length === 3) return { kind: 'turns' };
  return { kind: 'sub', segments };
}

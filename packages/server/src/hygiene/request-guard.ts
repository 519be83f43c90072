/**
 * The checks every handler of this package runs before it reads a request, on by default:
 *
 *   Host / Origin    both name an allowed host (default: loopback names), else 403 — a DNS-rebinding page or a page
 *                    elsewhere cannot drive the agent (`allowedHosts: 'any-host'` turns it off)
 *   cross-site       a request with a body must say `application/json` (or `+json`): the types a page can send without
 *                    a CORS preflight (`text/plain`, forms) are 415, and `Sec-Fetch-Site: cross-site` is 403
 *                    (`crossSite: 'allow'` turns both off)
 *   body             at most `maxBodyBytes` (default 1 MiB, 413) and `maxJsonDepth` levels (default 64, 400), valid
 *                    JSON (400), before anything parses it
 *   errors           anything a handler throws is a 500 JSON `{status: 'INTERNAL'}` without a stack or a path
 *
 * A request passes once: a handler inside another guarded one (`genkitRoutes` around its protocol handlers) does not
 * read the body twice.
 */
import type { WebHandler } from '../http/web-handler.js';
import { jsonResponse } from '../http/web-handler.js';
import { bodyLimits, type BodyLimits } from './body-limits.js';
import { DEFAULT_ALLOWED_HOSTS, hostRefusal } from './host-allowlist.js';
import { hasBody } from '../http/request-body.js';

/** The request checks of every handler, and the named ways to turn each off. */
export interface RequestGuardOptions {
  /** Host names accepted in `Host` and `Origin`, any port (default localhost, 127.0.0.1, [::1]); `'any-host'`: no check. */
  allowedHosts?: readonly string[] | 'any-host';
  /** `'refuse'` (default): bodies must be JSON and `Sec-Fetch-Site: cross-site` is refused; `'allow'`: no check. */
  crossSite?: 'refuse' | 'allow';
  /** Largest request body in bytes (default 1 MiB; `Infinity`: no cap). */
  maxBodyBytes?: number;
  /** Deepest JSON nesting of a request body (default 64). */
  maxJsonDepth?: number;
  /**
   * How the refusals name each setting (default `option allowedHosts`, `option maxBodyBytes`, `option maxJsonDepth`):
   * an app with environment variables names those too.
   */
  hints?: { allowedHosts?: string; maxBodyBytes?: string; maxJsonDepth?: string };
}

const passed = new WeakSet<Request>();

const isJsonType = (contentType: string | null) => {
  const type = contentType?.split(';')[0]!.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
};

/** The 403 / 415 of a request a page elsewhere could send without a CORS preflight; undefined when it is not one. */
export function crossSiteRefusal(request: Request): Response | undefined {
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    return jsonResponse(403, { status: 'PERMISSION_DENIED', message: 'Cross-site requests are refused (option crossSite).' });
  }
  // A light request of the Node adapter (http/request-body.ts) has its body beside it, not in it: a body all the same.
  const withBody = request.method !== 'GET' && request.method !== 'HEAD' && hasBody(request);
  if (withBody && !isJsonType(request.headers.get('content-type'))) {
    return jsonResponse(415, { status: 'INVALID_ARGUMENT', message: 'Send the body as JSON, with Content-Type: application/json (option crossSite).' });
  }
  return undefined;
}

/** The request's headers; without a `Host` (a Web Request made in code), the host its URL names. */
function hostHeaders(request: Request): Headers {
  if (request.headers.has('host')) return request.headers;
  const headers = new Headers(request.headers);
  headers.set('host', new URL(request.url).host);
  return headers;
}

/** Wraps a handler in the checks of {@link RequestGuardOptions}. */
export function guardRequests(options: RequestGuardOptions = {}): (handler: WebHandler) => WebHandler {
  const hosts = options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS;
  const limits: BodyLimits = {
    ...(options.maxBodyBytes !== undefined && { maxBodyBytes: options.maxBodyBytes }),
    ...(options.maxJsonDepth !== undefined && { maxJsonDepth: options.maxJsonDepth }),
    ...(options.hints && { hints: options.hints }),
  };
  return (handler) => {
    const inner: WebHandler = async (request) => {
      passed.add(request);
      try {
        return await handler(request);
      } catch {
        return jsonResponse(500, { status: 'INTERNAL', message: 'Internal error.' });
      }
    };
    const limited = bodyLimits(limits)(inner);
    // Every check here reads a light request of the Node adapter (http/request-body.ts) through request-body.ts.
    return async (request) => {
      if (passed.has(request)) return handler(request);
      const refused = (hosts === 'any-host' ? undefined : hostRefusal(hostHeaders(request), { allowedHosts: hosts, ...(options.hints?.allowedHosts && { hint: options.hints.allowedHosts }) })) ?? (options.crossSite === 'allow' ? undefined : crossSiteRefusal(request));
      if (refused) return refused;
      try {
        return await limited(request);
      } catch {
        return jsonResponse(500, { status: 'INTERNAL', message: 'Internal error.' });
      }
    };
  };
}

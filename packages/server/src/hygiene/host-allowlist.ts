/**
 * `Host` and `Origin` against an allowlist of host names (any port). A DNS-rebinding page reaches
 * 127.0.0.1 under its own name (`Host: attacker.example`), and a page elsewhere sends its own `Origin`: both get
 * 403 before the body is read, so no web page other than the allowed hosts can drive the agent.
 */
import { jsonResponse } from '../http/web-handler.js';
import type { WebHandler } from '../http/web-handler.js';

/** Loopback names: what a browser on this machine sends for the server and for the demo's dev/preview server. */
export const DEFAULT_ALLOWED_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** `name`, `name:port`, `[v6]` or `[v6]:port`, nothing else (no userinfo, path or spaces). */
const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/** The host name of a `Host` header, lower-cased, or undefined when it is not a plain host[:port]. */
export function hostnameOfHost(header: string | undefined): string | undefined {
  const match = header ? HOST_HEADER.exec(header.trim()) : null;
  return match?.[1]!.toLowerCase();
}

/** The host name of an http(s) `Origin`, or undefined for `null`, other schemes and garbage. */
export function hostnameOfOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Host names from a comma-separated list (`ALLOWED_HOSTS=localhost,agent.example.com`). */
export function parseAllowedHosts(list: string): string[] {
  return list.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
}

/** The allowed host names, as `hostAllowlist` and `hostRefusal` take them. */
export interface HostAllowlistOptions {
  /** Host names accepted in `Host` and `Origin`, any port (default localhost, 127.0.0.1, [::1]). */
  allowedHosts?: readonly string[];
  /** Said in the 403 message: how to change the list (default `option allowedHosts`). */
  hint?: string;
}

/** The 403 `{status:'PERMISSION_DENIED', message}` for a `Host` or `Origin` whose host name is not allowed; undefined when both are. */
export function hostRefusal(headers: Headers, options: HostAllowlistOptions = {}): Response | undefined {
  const names = new Set((options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS).map((name) => name.toLowerCase()));
  const deny = (what: string) =>
    jsonResponse(403, {
      status: 'PERMISSION_DENIED',
      message: `${what} is not allowed: this server only answers requests for ${[...names].join(', ')} (${options.hint ?? 'option allowedHosts'}).`,
    });
  const host = headers.get('host') ?? undefined;
  const hostname = hostnameOfHost(host);
  if (!hostname || !names.has(hostname)) return deny(`Host ${JSON.stringify(host ?? '')}`);
  const origin = headers.get('origin');
  if (origin !== null) {
    const originHost = hostnameOfOrigin(origin);
    if (!originHost || !names.has(originHost)) return deny(`Origin ${JSON.stringify(origin)}`);
  }
  return undefined;
}

/** Wraps a handler: a request whose `Host` or `Origin` names another host gets 403 before the handler runs. */
export function hostAllowlist(options: HostAllowlistOptions = {}): (handler: WebHandler) => WebHandler {
  return (handler) => async (request) => hostRefusal(request.headers, options) ?? handler(request);
}

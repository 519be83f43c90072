// The browser talks to this app only; its agent requests are passed to the agent server (AGENT_SERVER_URL), and a
// turn's stream is passed back as it comes (not buffered). The agent server keeps each user's conversations apart by
// `x-agent-user`: this app sets it from the visitor cookie (its stand-in for auth); the browser never sets it itself.
import { visitorOf } from '../visitor';

const AGENT_SERVER_URL = process.env.AGENT_SERVER_URL ?? 'http://127.0.0.1:3400';

/** POSTs the request's body to `path` on the agent server and streams the answer back. */
export async function proxyToAgent(request: Request, path: string): Promise<Response> {
  const visitor = visitorOf(request);
  const upstream = await fetch(new URL(path, AGENT_SERVER_URL), {
    method: 'POST',
    headers: {
      'content-type': request.headers.get('content-type') ?? 'application/json',
      accept: request.headers.get('accept') ?? '*/*',
      ...(visitor && { 'x-agent-user': visitor }),
    },
    body: await request.text(),
    signal: request.signal,
  });
  return new Response(upstream.body, {
    status: upstream.status,
    headers: {
      'content-type': upstream.headers.get('content-type') ?? 'application/json',
      'cache-control': 'no-cache, no-transform',
    },
  });
}

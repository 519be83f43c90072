import { proxyToAgent } from '../../agent-proxy';

// The Genkit agent with a server-managed session: /api/agent (a turn), /api/agent/getSnapshot, /api/agent/abort.
export async function POST(request: Request, { params }: { params: Promise<{ path?: string[] }> }) {
  const { path = [] } = await params;
  return proxyToAgent(request, ['/api/agent', ...path].join('/'));
}
